/// The size of a map view, in points.
public struct MapSize: Hashable, Sendable {
  /// The longest side a view may have, in points.
  public static let maximumSide = 100_000.0

  /// One 256-point square tile: at zoom 0 it shows exactly the whole world.
  public static let tile = MapSize(uncheckedWidth: 256, height: 256)

  /// A phone held upright, 390 by 844 points: the screen the command-line tool's views stand
  /// for, and the benchmarks' view.
  package static let phone = MapSize(uncheckedWidth: 390, height: 844)

  /// The width in points, in `1...MapSize.maximumSide`.
  public let width: Double
  /// The height in points, in `1...MapSize.maximumSide`.
  public let height: Double

  /// Creates the size of a view `width` by `height` points.
  ///
  /// - Throws: ``MapGeometryError/invalidSize(width:height:)`` if either side is not finite
  ///   or lies outside `1...MapSize.maximumSide`.
  public init(width: Double, height: Double) throws(MapGeometryError) {
    let sides = 1...Self.maximumSide
    guard width.isFinite, height.isFinite, sides.contains(width), sides.contains(height) else {
      throw .invalidSize(width: width, height: height)
    }
    self.init(uncheckedWidth: width, height: height)
  }

  /// Creates a size whose sides are constants in `1...MapSize.maximumSide`, the invariant the
  /// throwing initialiser checks; debug builds check it here too.
  private init(uncheckedWidth width: Double, height: Double) {
    assert(
      [width, height].allSatisfy { $0.isFinite && (1...Self.maximumSide).contains($0) },
      "view size \(width)x\(height)")
    self.width = width
    self.height = height
  }
}

extension MapSize: CustomStringConvertible {
  /// The size as `widthxheight`, for example `390.0x844.0`.
  public var description: String { "\(width)x\(height)" }
}
