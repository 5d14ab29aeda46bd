#!/usr/bin/env python3
"""Writes the page's base map from Natural Earth 1:50m (public domain) in ../shared/data.

The page draws the countries filled, with their outlines: together they are the land, the coast
and the borders. Each ring is simplified to within 0.02 degree (about 2 km, the 1:50m data's
own spacing) and rounded to 0.01 degree, and the properties, which the page does not read, are
left out.

Usage (from the repository root): python3 Examples/places-web/scripts/make-basemap.py
"""
import json
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[3]
DATA = ROOT.parent / "shared" / "data"
OUT = ROOT / "Examples" / "places-web" / "Sources" / "PlacesWeb" / "Page" / "basemap"


TOLERANCE = 0.02  # degrees: points closer than this to the simplified line are dropped


def simplified(points):
    """Douglas-Peucker: the points that keep the line within TOLERANCE of the original."""
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    while stack:
        first, last = stack.pop()
        (x1, y1), (x2, y2) = points[first], points[last]
        dx, dy = x2 - x1, y2 - y1
        length = (dx * dx + dy * dy) ** 0.5
        farthest, distance = None, TOLERANCE
        for index in range(first + 1, last):
            x, y = points[index]
            if length == 0:
                d = ((x - x1) ** 2 + (y - y1) ** 2) ** 0.5
            else:
                d = abs(dy * (x - x1) - dx * (y - y1)) / length
            if d > distance:
                farthest, distance = index, d
        if farthest is not None:
            keep[farthest] = True
            stack += [(first, farthest), (farthest, last)]
    return [point for point, kept in zip(points, keep) if kept]


def ring(points):
    out = []
    for lon, lat in simplified(points):
        point = [round(lon, 2), round(lat, 2)]
        if not out or out[-1] != point:
            out.append(point)
    return out


def polygons(geometry):
    if geometry["type"] == "Polygon":
        return [geometry["coordinates"]]
    if geometry["type"] == "MultiPolygon":
        return geometry["coordinates"]
    return []


def simplify(source, target):
    features = json.loads((DATA / source).read_text())["features"]
    shapes = []
    for feature in features:
        for polygon in polygons(feature["geometry"]):
            rings = [r for r in (ring(r) for r in polygon) if len(r) >= 4]
            if rings:
                shapes.append(rings)
    collection = {
        "type": "FeatureCollection",
        "features": [
            {
                "type": "Feature",
                "properties": {},
                "geometry": {"type": "MultiPolygon", "coordinates": shapes},
            }
        ],
    }
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / target).write_text(json.dumps(collection, separators=(",", ":")) + "\n")


simplify("world-countries-50m.geojson", "countries-50m.json")
