import Foundation

/// Runs Mapbox's supercluster (JavaScript, under node) on the same file and viewports, so that
/// the map's figures have a reference measured in the same run.
///
/// supercluster is not part of the package and never copied into it: `--supercluster DIR`
/// names a folder holding `node_modules/supercluster` and `node_modules/kdbush`, fetched by
/// whoever runs the bench. The script below only loads the file, builds the index (max zoom
/// 16, radius 60, the settings of the issue) and times `getClusters`.
enum SuperclusterRun {
  /// One viewport to query: a longitude and latitude box and a zoom in supercluster's terms.
  struct Query {
    let west: Double
    let south: Double
    let east: Double
    let north: Double
    let zoom: Int
  }

  /// What the run measured: the median build time and each query's median, in nanoseconds,
  /// and how many clusters and points each query returned.
  struct Result {
    let buildNanoseconds: Double
    let queryNanoseconds: [Double]
    let queryResults: [Int]
    let version: String
    /// How much node's heap (`heapUsed` + `arrayBuffers`) grew across one `load`, in bytes,
    /// after a forced collection on each side; `nil` if node could not force one.
    let indexBytes: Double?
  }

  /// Runs supercluster from `directory` on `dataFile`; `nil` with a reason if it cannot.
  static func run(
    directory: String, dataFile: String, queries: [Query], quick: Bool
  ) -> Result? {
    guard let node = ChildProcess.searchPath(for: "node") else {
      progress("supercluster: node is not on PATH")
      return nil
    }
    let module = "\(directory)/node_modules/supercluster/index.js"
    guard FileManager.default.fileExists(atPath: module) else {
      progress("supercluster: \(module) not found")
      return nil
    }
    let scriptPath = NSTemporaryDirectory() + "places-bench-supercluster-\(getpid()).mjs"
    let queryList = queries.map { "[\($0.west),\($0.south),\($0.east),\($0.north),\($0.zoom)]" }
    let script = Self.script(
      module: module, queries: "[" + queryList.joined(separator: ",") + "]",
      builds: quick ? 1 : 5, samples: quick ? 3 : 11)
    guard FileManager.default.createFile(atPath: scriptPath, contents: Data(script.utf8)) else {
      return nil
    }
    defer { try? FileManager.default.removeItem(atPath: scriptPath) }
    guard
      let outcome = ChildProcess.run(
        node, arguments: ["--max-old-space-size=4096", "--expose-gc", scriptPath, dataFile],
        capturingOutput: true),
      outcome.status == 0,
      let line = outcome.output.split(separator: "\n").last(where: { $0.hasPrefix("{") }),
      let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
      let build = object["build"] as? Double,
      let times = object["queries"] as? [Double],
      let results = object["results"] as? [Int]
    else {
      progress("supercluster: the node run failed")
      return nil
    }
    let version = object["version"] as? String ?? "?"
    return Result(
      buildNanoseconds: build * 1e6, queryNanoseconds: times.map { $0 * 1e6 },
      queryResults: results, version: version, indexBytes: object["indexBytes"] as? Double)
  }

  private static func script(module: String, queries: String, builds: Int, samples: Int)
    -> String
  {
    """
    import { readFileSync } from 'node:fs';
    import { pathToFileURL } from 'node:url';
    const { default: Supercluster } = await import(pathToFileURL(\(module.quotedForJavaScript)));
    const packageFile = new URL('package.json', pathToFileURL(\(module.quotedForJavaScript)));
    const version = JSON.parse(readFileSync(packageFile, 'utf8')).version;
    const points = JSON.parse(readFileSync(process.argv[2], 'utf8')).features;
    const now = () => Number(process.hrtime.bigint()) / 1e6;
    const median = (values) => {
      const sorted = [...values].sort((a, b) => a - b);
      const middle = sorted.length >> 1;
      return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    };
    const heap = () => {
      globalThis.gc();
      globalThis.gc();
      const usage = process.memoryUsage();
      return usage.heapUsed + usage.arrayBuffers;
    };
    let indexBytes = null;
    if (typeof globalThis.gc === 'function') {
      const before = heap();
      let measured = new Supercluster({ maxZoom: 16, radius: 60 }).load(points);
      indexBytes = heap() - before;
      measured = null;
    }
    const builds = [];
    let index;
    for (let run = 0; run < \(builds); run++) {
      const start = now();
      index = new Supercluster({ maxZoom: 16, radius: 60 }).load(points);
      builds.push(now() - start);
    }
    const queries = \(queries);
    const times = [];
    const results = [];
    for (const [west, south, east, north, zoom] of queries) {
      let count = 0;
      let iterations = 1;
      for (;;) {
        const start = now();
        for (let i = 0; i < iterations; i++) count = index.getClusters([west, south, east, north], zoom).length;
        if (now() - start >= 10) break;
        iterations *= 2;
      }
      const samples = [];
      for (let sample = 0; sample < \(samples); sample++) {
        const start = now();
        for (let i = 0; i < iterations; i++) index.getClusters([west, south, east, north], zoom);
        samples.push((now() - start) / iterations);
      }
      times.push(median(samples));
      results.push(count);
    }
    console.log(JSON.stringify({ version, build: median(builds), queries: times, results, indexBytes }));
    """
  }
}

extension String {
  /// The string as a JavaScript string literal.
  fileprivate var quotedForJavaScript: String {
    "'" + replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
      + "'"
  }
}
