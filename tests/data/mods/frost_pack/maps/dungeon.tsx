<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="dungeon" tilewidth="32" tileheight="32" tilecount="40" columns="8">
 <image source="dungeon.png" width="256" height="160"/>
</tileset>
