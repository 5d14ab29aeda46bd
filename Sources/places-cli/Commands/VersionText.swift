/// The text `--version` prints: one line with the version; with `--verbose`, the code's licence
/// and the attributions the built-in data requires after it.
///
/// The full notices ship inside the tool because the built-in data does, so a copy of the
/// executable on its own still carries them.
enum VersionText {
  /// The tool's version: the latest release in CHANGELOG.md, and the one the README's install
  /// line names.
  static let version = "0.1.0"

  /// The version line, `places-cli 0.1.0`, then, when `verbose`, the code's licence and the
  /// attributions and licence notices of the built-in data.
  static func text(verbose: Bool) -> String {
    verbose ? versionLine + notices : versionLine
  }

  /// The tool's name and version, on one line.
  private static let versionLine = "\(PlacesTool.name) \(version)\n"

  /// The code's licence, then the attributions and licence notices of the built-in data.
  private static let notices = """
    Copyright 2026 The Places authors. Licensed under the Apache License, Version 2.0.

    Built-in places: 180 cities from GeoNames and 20 airports from airportsdata.
    Built-in map of the land: Natural Earth 1:110m and 1:50m land polygons.

    Place data © GeoNames (https://www.geonames.org/), licensed under CC BY 4.0
    (https://creativecommons.org/licenses/by/4.0/). Changes: converted to GeoJSON, fields selected.

    Airport data from airportsdata (MIT), which includes data from mwgg/Airports:

    The MIT License (MIT)

    Copyright (c) 2020- Mike Borsetti <mike@borsetti.com>

    This project includes data from https://github.com/mwgg/Airports Copyright
    (c) 2014 mwgg

    Permission is hereby granted, free of charge, to any person obtaining a copy
    of this software and associated documentation files (the "Software"), to deal
    in the Software without restriction, including without limitation the rights
    to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
    copies of the Software, and to permit persons to whom the Software is
    furnished to do so, subject to the following conditions:

    The above copyright notice and this permission notice shall be included in all
    copies or substantial portions of the Software.

    THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
    IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
    FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
    AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
    LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
    OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
    SOFTWARE.

    Land outline: Made with Natural Earth. Free vector and raster map data @
    naturalearthdata.com. Public domain. Changes: vertices rounded to hundredths of a degree.

    """
}
