<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.11.0" name="cave" tilewidth="16" tileheight="16" tilecount="5" columns="5">
 <image source="cave_tiles.png" width="80" height="16"/>
 <tile id="0" type="ground">
  <objectgroup draworder="index" id="2">
   <object id="1" name="solid" x="0" y="0" width="16" height="16"/>
  </objectgroup>
 </tile>
 <tile id="1" type="slope">
  <objectgroup draworder="index" id="2">
   <object id="1" name="slope" x="0" y="16">
    <polygon points="0,0 16,-16 16,0"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="2" type="post">
  <objectgroup draworder="index" id="2">
   <object id="1" name="post" x="2" y="2" width="12" height="12">
    <ellipse/>
   </object>
  </objectgroup>
 </tile>
 <tile id="4" type="ledge">
  <objectgroup draworder="index" id="2">
   <object id="1" name="ledge" x="0" y="0">
    <polygon points="0,0 16,0 16,6 6,6 6,16 0,16"/>
   </object>
  </objectgroup>
 </tile>
</tileset>
