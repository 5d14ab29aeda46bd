// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// A stand-in for Apple's MapKit (with its SwiftUI part, `Map` and its content, and the Core
// Location coordinate it re-exports), ONLY for type-checking the documentation's snippets on
// Linux (scripts/check-snippets.sh), where MapKit does not exist. It declares just the names
// the snippets use, with the signatures Apple's SDK gives them (iOS 18, macOS 15), simplified
// where the difference cannot matter to a caller. It draws nothing, is no part of the package
// and is never linked into anything: every body traps. MapKit's own `MapCamera` is declared
// because the package's `ViewModels.MapCamera` must be qualified beside it, as on Apple's SDK.
// Its members carry no documentation comments of their own: Apple's documentation is theirs.
import SwiftUI

// MARK: - Coordinates and regions

/// Stands in for Core Location's `CLLocationDegrees`.
public typealias CLLocationDegrees = Double

/// Stands in for Core Location's `CLLocationCoordinate2D`.
public struct CLLocationCoordinate2D: Sendable {
  public var latitude: CLLocationDegrees
  public var longitude: CLLocationDegrees
  public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
    self.latitude = latitude
    self.longitude = longitude
  }
}

/// Stands in for MapKit's `MKCoordinateSpan`.
public struct MKCoordinateSpan: Sendable {
  public var latitudeDelta: CLLocationDegrees
  public var longitudeDelta: CLLocationDegrees
  public init(latitudeDelta: CLLocationDegrees, longitudeDelta: CLLocationDegrees) {
    self.latitudeDelta = latitudeDelta
    self.longitudeDelta = longitudeDelta
  }
}

/// Stands in for MapKit's `MKCoordinateRegion`.
public struct MKCoordinateRegion: Sendable {
  public var center: CLLocationCoordinate2D
  public var span: MKCoordinateSpan
  public init(center: CLLocationCoordinate2D, span: MKCoordinateSpan) {
    self.center = center
    self.span = span
  }
}

/// Stands in for MapKit's `MapCamera`, whose name the package's `MapCamera` shares.
public struct MapCamera: Equatable, Sendable {
  public var centerCoordinate: CLLocationCoordinate2D { fatalError("stand-in") }
  public var distance: Double { fatalError("stand-in") }
  public static func == (left: MapCamera, right: MapCamera) -> Bool { true }
}

// MARK: - The SwiftUI map

/// Stands in for MapKit's `MapCameraPosition`.
public struct MapCameraPosition: Equatable, Sendable {
  public static let automatic = MapCameraPosition()
  public static func region(_ region: MKCoordinateRegion) -> MapCameraPosition {
    MapCameraPosition()
  }
}

/// Stands in for MapKit's `MapContent`.
@MainActor @preconcurrency
public protocol MapContent {}

/// Stands in for MapKit's `MapContentBuilder`.
@resultBuilder
public enum MapContentBuilder {
  public static func buildExpression<Content: MapContent>(_ content: Content) -> Content {
    content
  }
  public static func buildBlock<Content: MapContent>(_ content: Content) -> Content { content }
  public static func buildBlock<each Content: MapContent>(
    _ content: repeat each Content
  ) -> TupleMapContent<(repeat each Content)> { fatalError("stand-in") }
  public static func buildIf<Content: MapContent>(_ content: Content?) -> Content? { content }
}

/// Stands in for the map content MapKit's builder combines.
public struct TupleMapContent<T>: MapContent {}

extension Optional: MapContent where Wrapped: MapContent {}

extension ForEach: MapContent where Content: MapContent {
  public init(_ data: Data, @MapContentBuilder content: @escaping (Data.Element) -> Content)
  where ID == Data.Element.ID, Data.Element: Identifiable {
    fatalError("stand-in")
  }
}

/// Stands in for MapKit's `Annotation`.
public struct Annotation<Label: View, Content: View>: MapContent {
  public init<S: StringProtocol>(
    _ title: S, coordinate: CLLocationCoordinate2D, @ViewBuilder content: () -> Content
  ) where Label == Text {}
}

/// Stands in for MapKit's SwiftUI `Map`.
public struct Map<Content: View>: View {
  public init<C: MapContent>(
    position: Binding<MapCameraPosition>, @MapContentBuilder content: () -> C
  ) where Content == EmptyView {}
  public var body: Never { fatalError("stand-in") }
}

/// Stands in for MapKit's `MapCameraUpdateFrequency`.
public enum MapCameraUpdateFrequency: Sendable {
  case continuous
  case onEnd
}

/// Stands in for MapKit's `MapCameraUpdateContext`.
public struct MapCameraUpdateContext: Sendable {
  public var camera: MapCamera { fatalError("stand-in") }
  public var region: MKCoordinateRegion { fatalError("stand-in") }
}

extension View {
  public func onMapCameraChange(
    frequency: MapCameraUpdateFrequency = .onEnd,
    _ action: @escaping (MapCameraUpdateContext) -> Void
  ) -> ModifiedContent<Self, Void> { fatalError("stand-in") }
}
