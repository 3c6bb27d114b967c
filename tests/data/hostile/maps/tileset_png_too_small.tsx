<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" name="tiny" tilewidth="32" tileheight="32" tilecount="40" columns="8">
 <image source="tiny.png" width="256" height="160"/>
</tileset>
