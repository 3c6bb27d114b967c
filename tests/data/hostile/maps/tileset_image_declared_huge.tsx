<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" name="vast" tilewidth="32" tileheight="32" tilecount="40" columns="8">
 <image source="dungeon.png" width="1000000" height="160"/>
</tileset>
