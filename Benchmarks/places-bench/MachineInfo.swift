import Foundation

/// The machine a run was measured on.
struct MachineInfo: Encodable {
  let cpuModel: String
  let logicalCores: Int
  let memoryGigabytes: Double
  let operatingSystem: String
  let compiler: String
  /// The 1-minute load average when the run began: above 0 means other work was competing.
  let loadAverageAtStart: Double?

  /// One line for the report.
  var summary: String {
    var parts = [
      cpuModel, "\(logicalCores) logical cores", "\(Report.format(memoryGigabytes)) GB",
      operatingSystem, compiler,
    ]
    if let loadAverageAtStart {
      parts.append("load average \(Report.format(loadAverageAtStart)) at start")
    }
    return parts.joined(separator: ", ")
  }

  /// Describes the machine this process runs on.
  static func current() -> MachineInfo {
    let processInfo = ProcessInfo.processInfo
    return MachineInfo(
      cpuModel: cpuModel() ?? "unknown CPU",
      logicalCores: processInfo.activeProcessorCount,
      memoryGigabytes: Double(processInfo.physicalMemory) / 1_073_741_824,
      operatingSystem: operatingSystem() ?? processInfo.operatingSystemVersionString,
      compiler: compiler,
      loadAverageAtStart: loadAverage()
    )
  }

  private static var compiler: String {
    #if compiler(>=6.4)
      "Swift 6.4 or later"
    #elseif compiler(>=6.3)
      "Swift 6.3"
    #elseif compiler(>=6.2)
      "Swift 6.2"
    #else
      "Swift 6.1 or earlier"
    #endif
  }

  private static func cpuModel() -> String? {
    guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else {
      return nil
    }
    let line = text.split(separator: "\n").first { $0.hasPrefix("model name") }
    return line?.split(separator: ":", maxSplits: 1).last.map {
      $0.trimmingCharacters(in: .whitespaces)
    }
  }

  private static func operatingSystem() -> String? {
    guard let text = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8) else {
      return nil
    }
    let line = text.split(separator: "\n").first { $0.hasPrefix("PRETTY_NAME=") }
    return line.map {
      $0.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
    }
  }

  private static func loadAverage() -> Double? {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else {
      return nil
    }
    return text.split(separator: " ").first.flatMap { Double($0) }
  }
}
