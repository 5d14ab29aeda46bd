import PlacesModel
import ViewModels

/// The map panel of `browse`: the land, and the markers, selection and user's location of its
/// ``MapScreenState``, drawn in terminal cells.
///
/// The screen state is the ``MapViewModel``'s view: the view model writes it and the panel only
/// reads it, keeping just what is the panel's own, the camera it shows and its size. It carries
/// out the camera moves the view model asks for (``carryOutPendingCameraMove()``) and reports
/// every camera it shows (after a pan, a zoom, a resize or such a move) through
/// ``MapViewModel/cameraChanged(to:viewSize:)``, with the panel's size in points
/// (``TerminalMapScale``), so the markers it is sent are those of exactly the region it draws.
final class TerminalMapView {
  /// The markers, the selection, the user's location and the camera moves the view model
  /// commands; attach it as the view model's view.
  let state = MapScreenState()
  /// The view model told of each camera shown; held weakly, as the coordinator owns it.
  weak var viewModel: MapViewModel?
  /// What the panel shows.
  private(set) var camera: MapCamera
  /// The panel's size in points.
  private(set) var viewSize: MapSize
  private let land: LandLayer
  private let detailedLand: LandLayer?

  private static let landStyle = TextStyle(foreground: .basic(2))
  private static let placeStyle = TextStyle(foreground: .bright(3), isBold: true)
  private static let clusterStyle = TextStyle(
    foreground: .basic(0), background: .bright(6), isBold: true)
  private static let selectedStyle = TextStyle(foreground: .bright(1), isBold: true)
  private static let spreadStyle = TextStyle(foreground: .bright(5), isBold: true)
  private static let userStyle = TextStyle(foreground: .bright(4), isBold: true)
  private static let labelStyle = TextStyle(foreground: .bright(7))

  /// Creates a panel showing `land` through `camera` at `viewSize`, and from
  /// ``outlineZoom`` on, `detailedLand` if given.
  init(
    camera: MapCamera, viewSize: MapSize, land: LandLayer = .world,
    detailedLand: LandLayer? = .detailed
  ) {
    self.camera = camera
    self.viewSize = viewSize
    self.land = land
    self.detailedLand = detailedLand
  }

  // MARK: - Camera

  /// What the panel shows, as the view models measure it: the camera and the size in points.
  var viewport: MapViewport {
    MapViewport(camera: camera, size: viewSize)
  }

  /// Shows `camera` and reports it.
  func show(_ camera: MapCamera) {
    self.camera = camera
    report()
  }

  /// Moves the camera by `columns` and `rows` cells (positive: right and down) and reports it;
  /// longitudes wrap, and the centre stops at the edge of the Web Mercator square.
  func pan(columns: Double, rows: Double) {
    show(
      viewport.panned(
        byX: columns * TerminalMapScale.pointsPerColumn, y: rows * TerminalMapScale.pointsPerRow
      ).camera)
  }

  /// Zooms in by `steps` (out when negative) keeping the place under the cell at `column`,
  /// `row` (relative to the panel) where it is, as a wheel over a map does, and reports it.
  func zoom(by steps: Double, atColumn column: Int, row: Int) {
    let pointer = MapPoint(
      x: (Double(column) + 0.5) * TerminalMapScale.pointsPerColumn,
      y: (Double(row) + 0.5) * TerminalMapScale.pointsPerRow)
    let target = viewport.coordinate(at: pointer)
    let zoomed = MapCamera.clamped(centre: target, zoom: camera.zoom + steps)
    guard zoomed.zoom != camera.zoom else { return }
    let centred = MapViewport(camera: zoomed, size: viewSize)
    show(
      centred.panned(byX: viewSize.width / 2 - pointer.x, y: viewSize.height / 2 - pointer.y)
        .camera)
  }

  /// Takes the size of a panel of `columns` by `rows` cells and reports it if it changed.
  func resize(columns: Int, rows: Int) {
    guard let size = TerminalMapScale.viewSize(columns: columns, rows: rows), size != viewSize
    else { return }
    viewSize = size
    report()
  }

  /// Shows the camera the view model last asked the map to move to, if the panel has not yet:
  /// each request is carried out once, then reported like a pan.
  func carryOutPendingCameraMove() {
    if let request = state.takePendingCameraMove() {
      show(request.camera)
    }
  }

  private func report() {
    viewModel?.cameraChanged(to: camera, viewSize: viewSize)
  }

  // MARK: - Cells

  /// The cell, relative to the panel's top left, where `coordinate` is drawn; `nil` when it
  /// falls outside the panel.
  func cell(of coordinate: Coordinate) -> (column: Int, row: Int)? {
    let point = viewport.point(for: coordinate)
    let column = Int((point.x / TerminalMapScale.pointsPerColumn).rounded(.down))
    let row = Int((point.y / TerminalMapScale.pointsPerRow).rounded(.down))
    guard (0..<columns).contains(column), (0..<rows).contains(row) else { return nil }
    return (column, row)
  }

  private var columns: Int { Int(viewSize.width / TerminalMapScale.pointsPerColumn) }
  private var rows: Int { Int(viewSize.height / TerminalMapScale.pointsPerRow) }

  /// The markers of the spread shown, if any, each with the cell where it is drawn, relative
  /// to the panel's top left; those that fall outside the panel are left out.
  var spreadCells: [(marker: MapMarker, column: Int, row: Int)] {
    guard let spread = state.spread else { return [] }
    let centre = viewport.point(for: spread.cluster.coordinate)
    return spread.markers.compactMap { shown in
      let column = Int(
        ((centre.x + shown.offset.x) / TerminalMapScale.pointsPerColumn).rounded(.down))
      let row = Int(((centre.y + shown.offset.y) / TerminalMapScale.pointsPerRow).rounded(.down))
      guard (0..<columns).contains(column), (0..<rows).contains(row) else { return nil }
      return (shown.marker, column, row)
    }
  }

  /// Whether `marker` is one of the spread shown.
  func isSpread(_ marker: MapMarker) -> Bool {
    state.spread?.markers.contains { $0.marker.id == marker.id } ?? false
  }

  /// The marker drawn nearest the cell at `column`, `row` (relative to the panel), within
  /// `reach` cells: a marker of the spread shown first, drawn over the others; else, on a tie,
  /// the one standing for more places.
  func marker(nearColumn column: Int, row: Int, reach: Int = 1) -> MapMarker? {
    var nearestSpread: (distance: Int, marker: MapMarker)?
    for cell in spreadCells {
      let distance = max(abs(cell.column - column), abs(cell.row - row))
      guard distance <= reach, distance < nearestSpread?.distance ?? .max else { continue }
      nearestSpread = (distance, cell.marker)
    }
    if let nearestSpread { return nearestSpread.marker }
    var best: (distance: Int, marker: MapMarker)?
    for marker in state.markers.values {
      guard let cell = cell(of: marker.coordinate) else { continue }
      let distance = max(abs(cell.column - column), abs(cell.row - row))
      guard distance <= reach else { continue }
      if let current = best,
        (current.distance, -current.marker.count) <= (distance, -marker.count)
      {
        continue
      }
      best = (distance, marker)
    }
    return best?.marker
  }

  /// The marker nearest the centre of the panel, in points; `nil` when none is shown.
  ///
  /// - Complexity: O(markers shown).
  func markerNearestCentre() -> MapMarker? {
    let viewport = self.viewport
    let centre = MapPoint(x: viewSize.width / 2, y: viewSize.height / 2)
    return state.markers.values.min { first, second in
      let firstDistance = viewport.point(for: first.coordinate).distance(to: centre)
      let secondDistance = viewport.point(for: second.coordinate).distance(to: centre)
      return (firstDistance, -first.count) < (secondDistance, -second.count)
    }
  }

  // MARK: - Drawing

  /// The zoom from which the land is drawn as coast outlines instead of filled: from there a
  /// continent fills the panel and a fill no longer reads as a shape.
  static let outlineZoom = 5.0

  /// Draws the panel into `screen` with its top-left corner at `x`, `y`, over the panel's
  /// size (set by ``resize(columns:rows:)``).
  ///
  /// The land is filled below ``outlineZoom``, and outlined from it, from the detailed land
  /// if the panel has one. Cluster counts are kept
  /// inside the panel. Single places are labelled with their names where the cells to their
  /// right are free, the selected place always (to its left if the right has no room); no
  /// label covers a marker or another label. A spread's places are drawn over the markers,
  /// each at its offset from its cluster, and labelled like single places.
  ///
  /// - Complexity: O(land outline + markers shown × log of that).
  func draw(into screen: inout ScreenBuffer, x: Int, y: Int) {
    var canvas = BrailleCanvas(columns: columns, rows: rows)
    if camera.zoom >= Self.outlineZoom {
      (detailedLand ?? land).draw(into: &canvas, viewport: viewport, asOutlines: true)
    } else {
      land.draw(into: &canvas, viewport: viewport)
    }
    canvas.draw(into: &screen, x: x, y: y, style: Self.landStyle)
    // Fewer places first, so a large cluster's count is drawn over a small one's.
    let ordered = state.markers.values.sorted { first, second in
      (first.count, first.coordinate.latitude, first.coordinate.longitude)
        < (second.count, second.coordinate.latitude, second.coordinate.longitude)
    }
    let selectedID = state.selectedItem
    var taken = Set<Int>()
    func take(column: Int, row: Int, width: Int) {
      for offset in 0..<max(width, 0) { taken.insert(row * columns + column + offset) }
    }
    func isFree(column: Int, row: Int, width: Int) -> Bool {
      column >= 0 && column + width <= columns
        && (0..<width).allSatisfy { !taken.contains(row * columns + column + $0) }
    }
    var labels: [(marker: MapMarker, column: Int, row: Int)] = []
    for marker in ordered where marker.placeID == nil || marker.placeID != selectedID {
      guard let cell = cell(of: marker.coordinate) else { continue }
      if marker.isCluster {
        let count = Self.compactCount(marker.count)
        let column = max(min(cell.column, columns - count.count), 0)
        screen.draw(
          count, x: x + column, y: y + cell.row, maxWidth: columns - column,
          style: Self.clusterStyle)
        take(column: column, row: cell.row, width: count.count)
      } else {
        screen.put("•", x: x + cell.column, y: y + cell.row, style: Self.placeStyle)
        take(column: cell.column, row: cell.row, width: 1)
        labels.append((marker, cell.column, cell.row))
      }
    }
    // A spread is drawn over the markers: each of its places where its offset puts it.
    for (marker, column, row) in spreadCells {
      let isSelected = marker.placeID != nil && marker.placeID == selectedID
      screen.put(
        isSelected ? "◉" : "•", x: x + column, y: y + row,
        style: isSelected ? Self.selectedStyle : Self.spreadStyle)
      take(column: column, row: row, width: 1)
      labels.append((marker, column, row))
    }
    if let userLocation = state.location, let cell = cell(of: userLocation) {
      screen.put("@", x: x + cell.column, y: y + cell.row, style: Self.userStyle)
      take(column: cell.column, row: cell.row, width: 1)
    }
    if let marker = state.selectedMarker, let cell = cell(of: marker.coordinate) {
      screen.put("◉", x: x + cell.column, y: y + cell.row, style: Self.selectedStyle)
      take(column: cell.column, row: cell.row, width: 1)
      let name = " " + (marker.title ?? "")
      let width = DisplayWidth.of(name)
      let room = columns - cell.column - 1
      let column =
        width > room && cell.column - width >= 0 ? cell.column - width : cell.column + 1
      screen.draw(
        name, x: x + column, y: y + cell.row, maxWidth: columns - column,
        style: TextStyle(isBold: true))
      take(column: column, row: cell.row, width: min(width, columns - column))
    }
    // Labels north to south, west to east, each only where it fits whole.
    labels.sort { ($0.row, $0.column) < ($1.row, $1.column) }
    for label in labels {
      guard let title = label.marker.title, !title.isEmpty else { continue }
      let name = " " + title
      let width = DisplayWidth.of(name)
      guard isFree(column: label.column + 1, row: label.row, width: width + 1) else { continue }
      screen.draw(name, x: x + label.column + 1, y: y + label.row, style: Self.labelStyle)
      take(column: label.column + 1, row: label.row, width: width + 1)
    }
  }

  /// A count in at most four characters: `7`, `512`, `12k`, `3M`.
  static func compactCount(_ count: Int) -> String {
    switch count {
    case ..<1_000: "\(count)"
    case ..<1_000_000: "\(count / 1_000)k"
    default: "\(count / 1_000_000)M"
    }
  }
}
