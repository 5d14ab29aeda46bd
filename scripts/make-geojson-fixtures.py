#!/usr/bin/env python3
"""Writes the GeoJSON test fixtures that come from real writers: GDAL, through pyogrio, and
osm2geojson.

Usage: python3 scripts/make-geojson-fixtures.py [FIXTURES_FOLDER]
  FIXTURES_FOLDER  default Tests/Fixtures/geojson, relative to the package root; GDAL's files
                   go in its gdal/ folder, osm2geojson's in osm2geojson/

Needs `pip install pyogrio pyproj osm2geojson` (pyogrio 0.13.0, whose wheel bundles GDAL
3.12.4; pyproj 3.7.2, which bundles PROJ; osm2geojson 0.3.2 here), and numpy, which pyogrio
installs. Geometries are handed to GDAL as WKB written below, so nothing else is needed, except
for the Natural Earth countries, which GDAL reads from ../shared/data/world-countries-50m.geojson
beside the package. Every GDAL file is written by GDAL's own driver (GeoJSON, GeoJSONSeq or
JSONFG) with the layer options named beside it; projected coordinates are computed by PROJ. The
output is deterministic for one version of each. Tests/Fixtures/geojson/SOURCES.md lists what
each file exercises.
"""

import os
import struct
import sys

import json

import numpy
import osm2geojson
import pyogrio
from pyogrio.raw import read, write
from pyproj import Transformer

WGS84 = 'GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563]],' \
    'PRIMEM["Greenwich",0],UNIT["degree",0.0174532925199433],AUTHORITY["EPSG","4326"]]'


# MARK: - WKB, little-endian (ISO flavour for Z)

def point(lon, lat, altitude=None):
    if altitude is None:
        return struct.pack("<BIdd", 1, 1, lon, lat)
    return struct.pack("<BIddd", 1, 1001, lon, lat, altitude)


def line_string(positions):
    body = b"".join(struct.pack("<dd", lon, lat) for lon, lat in positions)
    return struct.pack("<BII", 1, 2, len(positions)) + body


def polygon(rings):
    body = b""
    for ring in rings:
        body += struct.pack("<I", len(ring))
        body += b"".join(struct.pack("<dd", lon, lat) for lon, lat in ring)
    return struct.pack("<BII", 1, 3, len(rings)) + body


def multi_polygon(polygons):
    return struct.pack("<BII", 1, 6, len(polygons)) + b"".join(polygon(p) for p in polygons)


def square(west, south, size):
    return [(west, south), (west + size, south), (west + size, south + size),
            (west, south + size), (west, south)]


# MARK: - Writing

def strings(values):
    return numpy.array(values, dtype=object)


def write_layer(path, geometries, fields, geometry_type, driver="GeoJSON", crs=WGS84,
                **layer_options):
    """Writes one layer; `fields` maps a name to its values, None meaning null."""
    names = list(fields)
    data = []
    masks = []
    for name in names:
        values = fields[name]
        mask = numpy.array([value is None for value in values])
        if all(isinstance(value, int) or value is None for value in values):
            array = numpy.array([0 if value is None else value for value in values],
                                dtype=numpy.int64)
        elif all(isinstance(value, float) or value is None for value in values):
            array = numpy.array([0.0 if value is None else value for value in values])
        else:
            array = strings(["" if value is None else value for value in values])
        data.append(array)
        masks.append(mask if mask.any() else None)
    geometry = numpy.array(geometries, dtype=object)
    if os.path.exists(path):
        os.remove(path)
    write(path, geometry, data, names, field_mask=masks, driver=driver, crs=crs,
          geometry_type=geometry_type,
          layer_options={key: str(value) for key, value in layer_options.items()})


def point_zm(lon, lat, altitude, measure):
    return struct.pack("<BIdddd", 1, 3001, lon, lat, altitude, measure)


# The Natural Earth countries kept: shapes across the antimeridian (Fiji, Kiribati, Russia), far
# from their box's centre (France with French Guiana), with holes (Italy around San Marino, South
# Africa around Lesotho, Kyrgyzstan, Mozambique), concave (Croatia) and tiny (Vatican).
COUNTRIES = ["Fiji", "France", "Russia", "Kiribati", "Italy", "South Africa", "Japan",
             "New Zealand", "Kyrgyzstan", "Mozambique", "Croatia", "Vatican"]


def write_countries(root, path):
    source = os.path.join(root, "..", "shared", "data", "world-countries-50m.geojson")
    meta, _, geometries, fields = read(source, columns=["NAME", "ISO_A2"])
    names = list(fields[0])
    kept = [names.index(name) for name in COUNTRIES]
    write_layer(
        path, [geometries[index] for index in kept],
        {"NAME": [names[index] for index in kept],
         "ISO_A2": [fields[1][index] for index in kept]},
        "Unknown", RFC7946="YES")


def projected(crs, positions):
    transformer = Transformer.from_crs("EPSG:4326", crs, always_xy=True)
    return [point(*transformer.transform(lon, lat)) for lon, lat in positions]


def write_osm2geojson(path):
    """An Overpass API answer in JSON, converted by osm2geojson as its README shows."""
    overpass = {"version": 0.6, "generator": "Overpass API", "elements": [
        {"type": "node", "id": 240109189, "lat": 59.3251172, "lon": 18.0710935,
         "tags": {"name": "Stockholm", "name:en": "Stockholm", "place": "city",
                  "population": "984748", "wikidata": "Q1754"}},
        {"type": "node", "id": 1001, "lat": 59.3273, "lon": 18.0535},
        {"type": "node", "id": 1002, "lat": 59.3273, "lon": 18.0556},
        {"type": "node", "id": 1003, "lat": 59.3281, "lon": 18.0556},
        {"type": "node", "id": 1004, "lat": 59.3281, "lon": 18.0535},
        {"type": "way", "id": 23374876, "nodes": [1001, 1002, 1003, 1004, 1001],
         "tags": {"building": "yes", "name": "Stockholms stadshus",
                  "name:en": "Stockholm City Hall"}},
        {"type": "node", "id": 1005, "lat": 59.3298, "lon": 18.0586},
        {"type": "node", "id": 1006, "lat": 59.3319, "lon": 18.0594},
        {"type": "way", "id": 4040302, "nodes": [1005, 1006],
         "tags": {"highway": "primary", "name": "Vasagatan"}},
        {"type": "node", "id": 3327217281, "lat": 59.3260, "lon": 18.0712,
         "tags": {"amenity": "cafe", "name": "Drop Coffee", "name:en": "Drop Coffee"}},
        {"type": "node", "id": 3327217282, "lat": 59.3170, "lon": 18.0610,
         "tags": {"amenity": "bench"}},
    ]}
    with open(path, "w", encoding="utf-8") as output:
        json.dump(osm2geojson.json2geojson(overpass), output, ensure_ascii=False)
        output.write("\n")


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    fixtures = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        root, "Tests", "Fixtures", "geojson")
    folder = os.path.join(fixtures, "gdal")
    os.makedirs(folder, exist_ok=True)
    out = lambda name: os.path.join(folder, name)

    cities = {
        "name": ["Stockholm", "Uppsala", "Göteborg"],
        "country": ["SE", "SE", "SE"],
        "population": [1515017, 133117, 572799],
    }
    city_points = [point(18.06871, 59.32938), point(17.63889, 59.85882),
                   point(11.96679, 57.70716)]

    # 1. Default options: no "id" on any feature, a "crs" and a "name" on the collection.
    write_layer(out("default-no-ids.geojson"), city_points, cities, "Point")

    # 2. RFC7946=YES: no "crs", coordinates rounded to 7 decimals, still no ids.
    write_layer(out("rfc7946.geojson"), city_points, cities, "Point", RFC7946="YES")

    # 3. Integer ids taken from a field (ID_FIELD), and a point with an altitude.
    write_layer(
        out("integer-ids-3d.geojson"),
        [point(18.06871, 59.32938, 28.0), point(17.63889, 59.85882, 15.5)],
        {"osm_id": [240109189, 29786457], "name": ["Stockholm", "Uppsala"]},
        "Point Z", RFC7946="YES", ID_FIELD="osm_id", ID_TYPE="Integer")

    # 4. String ids (IATA codes), as ID_TYPE=String writes them.
    write_layer(
        out("string-ids.geojson"),
        [point(-0.461389, 51.4775), point(2.55, 49.012779), point(18.063240, 59.334591)],
        {"iata": ["LHR", "CDG", "XYZ"],
         "name": ["London Heathrow Airport", "Charles de Gaulle International Airport",
                  "Stockholm Central Station"],
         "category": ["airport", "airport", "station"]},
        "Point", RFC7946="YES", ID_FIELD="iata", ID_TYPE="String")

    # 5. Natural Earth's field names (NAME, NAME_EN, POP_MAX, ISO_A2), mixed geometries, a
    # feature with a null geometry and one without a name.
    write_layer(
        out("mixed-geometries.geojson"),
        [point(18.06871, 59.32938),
         polygon([square(17.0, 59.0, 1.0), square(17.25, 59.25, 0.5)]),
         line_string([(11.0, 57.0), (13.0, 58.0)]),
         multi_polygon([[square(10.0, 55.0, 1.0)], [square(14.0, 56.0, 2.0)]]),
         None,
         point(16.0, 58.0)],
        {"NAME": ["Stockholm", "Mälaren shore", "Road 40", "Islands", "Nowhere", None],
         "NAME_EN": ["Stockholm", "Lake Mälaren shore", "Road 40", "Islands", "Nowhere", None],
         "POP_MAX": [1515017, None, None, None, None, None],
         "ISO_A2": ["SE", "SE", "SE", "DK", None, "SE"]},
        "Unknown", RFC7946="YES")

    # 6. Polygons with no name property at all: nothing can be placed.
    write_layer(
        out("no-names.geojson"),
        [polygon([square(0.0, 0.0, 1.0)]), polygon([square(5.0, 5.0, 1.0)])],
        {"featurecla": ["Land", "Land"], "scalerank": [1, 1]},
        "Polygon", RFC7946="YES")

    # 7. Natural Earth's countries as GDAL writes them (RFC7946=YES): Polygons and
    # MultiPolygons, split at the antimeridian.
    write_countries(root, out("natural-earth-countries.geojson"))

    # 8. and 9. A GeoJON text sequence (GeoJSONSeq), with and without the record separator.
    write_layer(out("cities-rs.geojsons"), city_points, cities, "Point", driver="GeoJSONSeq",
                RS="YES")
    write_layer(out("cities.geojsonl"), city_points, cities, "Point", driver="GeoJSONSeq")

    # 10. and 11. Projected coordinates in metres, with the "crs" member GDAL writes: Web
    # Mercator, and the Swiss LV95 grid.
    write_layer(out("projected-web-mercator.geojson"),
                projected("EPSG:3857", [(18.06871, 59.32938), (17.63889, 59.85882)]),
                {"name": ["Stockholm", "Uppsala"]}, "Point", crs="EPSG:3857")
    write_layer(out("projected-lv95.geojson"),
                projected("EPSG:2056", [(7.44744, 46.94809), (8.54169, 47.37174)]),
                {"name": ["Bern", "Zürich"]}, "Point", crs="EPSG:2056")

    # 12. JSON-FG from Web Mercator points with an altitude and a measure: "geometry" in WGS 84
    # (x, y, z), "place" in metres (x, y, z, m), "coordRefSys", "featureType", "time".
    mercator = Transformer.from_crs("EPSG:4326", "EPSG:3857", always_xy=True)
    write_layer(out("json-fg.json"),
                [point_zm(*mercator.transform(18.06871, 59.32938), 28.0, 5.0),
                 point_zm(*mercator.transform(17.63889, 59.85882), 15.5, 7.25)],
                {"name": ["Stockholm", "Uppsala"]}, "Unknown", driver="JSONFG",
                crs="EPSG:3857")

    osm_folder = os.path.join(fixtures, "osm2geojson")
    os.makedirs(osm_folder, exist_ok=True)
    write_osm2geojson(os.path.join(osm_folder, "overpass-stockholm.geojson"))

    print(f"wrote 12 files to {folder} with pyogrio {pyogrio.__version__}, "
          f"GDAL {pyogrio.__gdal_version_string__}, and 1 to {osm_folder} with osm2geojson")


if __name__ == "__main__":
    main()
