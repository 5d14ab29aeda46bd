// Prints the land polygons of a GeoJSON file in the compact text form that
// Sources/places-cli/TerminalMap/WorldLand.swift embeds; run by scripts/embed-land-outline.sh.
//
// Usage: swift scripts/encode-land-outline.swift LAND.geojson
//
// One line per ring: "o" for the outer ring of a new polygon, "h" for a hole in it, then the
// ring's vertices as "longitude,latitude" in hundredths of a degree, rounded; the first vertex
// is absolute and each later one is the difference from the one before. Vertices that round
// to the one before are dropped, and so is the closing vertex (rings are closed implicitly);
// rings left with fewer than 3 vertices are dropped.
import Foundation

func fail(_ message: String, status: Int32) -> Never {
  FileHandle.standardError.write(Data("encode-land-outline.swift: \(message)\n".utf8))
  exit(status)
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 1, let path = arguments.first else {
  fail("usage: swift scripts/encode-land-outline.swift LAND.geojson", status: 64)
}
guard let data = FileManager.default.contents(atPath: path) else {
  fail("cannot read \(path)", status: 66)
}
guard
  let collection = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
  let features = collection["features"] as? [[String: Any]]
else {
  fail("\(path) is not a GeoJSON FeatureCollection", status: 65)
}

/// The rings of `geometry`'s polygons: each polygon is a list of rings, outer ring first.
func polygons(of geometry: [String: Any], feature: Int) -> [[[[Double]]]] {
  switch geometry["type"] as? String {
  case "Polygon":
    guard let rings = geometry["coordinates"] as? [[[Double]]] else { break }
    return [rings]
  case "MultiPolygon":
    guard let polygons = geometry["coordinates"] as? [[[[Double]]]] else { break }
    return polygons
  default:
    break
  }
  fail("feature \(feature) of \(path) is not a Polygon or MultiPolygon", status: 65)
}

func hundredths(_ degrees: Double) -> Int {
  Int((degrees * 100).rounded())
}

var lines: [String] = []
for (number, feature) in features.enumerated() {
  guard let geometry = feature["geometry"] as? [String: Any] else {
    fail("feature \(number) of \(path) has no geometry", status: 65)
  }
  for polygon in polygons(of: geometry, feature: number) {
    for (ringNumber, ring) in polygon.enumerated() {
      var vertices: [(Int, Int)] = []
      for position in ring {
        guard position.count >= 2 else {
          fail("feature \(number) of \(path) has a position without two numbers", status: 65)
        }
        let vertex = (hundredths(position[0]), hundredths(position[1]))
        if let last = vertices.last, last == vertex { continue }
        vertices.append(vertex)
      }
      if vertices.count > 1, let first = vertices.first, let last = vertices.last, first == last {
        vertices.removeLast()
      }
      guard vertices.count >= 3 else {
        if ringNumber == 0 { break }  // the polygon is too small to draw
        continue
      }
      var words = [ringNumber == 0 ? "o" : "h"]
      var previous = (0, 0)
      for vertex in vertices {
        words.append("\(vertex.0 - previous.0),\(vertex.1 - previous.1)")
        previous = vertex
      }
      lines.append(words.joined(separator: " "))
    }
  }
}
print(lines.joined(separator: "\n"))
