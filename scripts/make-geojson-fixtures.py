#!/usr/bin/env python3
"""Writes the GeoJSON test fixtures that come from a real writer: GDAL, through pyogrio.

Usage: python3 scripts/make-geojson-fixtures.py [OUTPUT_FOLDER]
  OUTPUT_FOLDER  default Tests/Fixtures/geojson/gdal, relative to the package root

Needs `pip install pyogrio` (0.13.0 here), whose wheel bundles GDAL (3.12.4 here), and numpy,
which pyogrio installs. Geometries are handed to GDAL as WKB written below, so nothing else is
needed. Every file is written by GDAL's own GeoJSON driver with the layer options named beside
it; the output is deterministic for one GDAL version. Tests/Fixtures/geojson/SOURCES.md lists
what each file exercises.
"""

import os
import struct
import sys

import numpy
import pyogrio
from pyogrio.raw import write

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


def write_layer(path, geometries, fields, geometry_type, **layer_options):
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
    write(path, geometry, data, names, field_mask=masks, driver="GeoJSON", crs=WGS84,
          geometry_type=geometry_type,
          layer_options={key: str(value) for key, value in layer_options.items()})


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        root, "Tests", "Fixtures", "geojson", "gdal")
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

    print(f"wrote 6 files to {folder} with pyogrio {pyogrio.__version__}, "
          f"GDAL {pyogrio.__gdal_version_string__}")


if __name__ == "__main__":
    main()
