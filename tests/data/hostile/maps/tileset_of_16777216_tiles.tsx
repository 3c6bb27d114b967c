<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" name="dust" tilewidth="1" tileheight="1" tilecount="4096" columns="4096">
 <image source="dungeon.png" width="4096" height="4096"/>
</tileset>
