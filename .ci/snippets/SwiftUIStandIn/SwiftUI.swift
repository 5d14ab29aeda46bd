// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// A stand-in for Apple's SwiftUI, ONLY for type-checking the documentation's snippets on Linux
// (scripts/check-snippets.sh), where SwiftUI does not exist. It declares just the names the
// snippets in README.md and Sources/*/*.docc use, with the signatures Apple's SDK gives them
// (iOS 18, macOS 15), simplified where the difference cannot matter to a caller. It draws
// nothing, is no part of the package and is never linked into anything: every body traps.
// When a snippet needs another SwiftUI name, declare it here as Apple's documentation has it.
// Its members carry no documentation comments of their own: Apple's documentation is theirs.
@_exported import Foundation  // SwiftUI re-exports Foundation (and CGSize with it)

// MARK: - Views

/// Stands in for SwiftUI's `View`: on Apple's SDK the protocol is main-actor isolated.
@MainActor @preconcurrency
public protocol View {
  associatedtype Body: View
  @ViewBuilder var body: Body { get }
}

extension Never: View {
  public var body: Never { fatalError("stand-in") }
}

/// Stands in for the views SwiftUI's builders combine.
public struct TupleView<T>: View {
  public var body: Never { fatalError("stand-in") }
}

/// Stands in for a view with a modifier applied.
public struct ModifiedContent<Content, Modifier>: View {
  public var body: Never { fatalError("stand-in") }
}

/// Stands in for the view of an `if` without an `else` in a builder.
public struct EmptyView: View {
  public init() {}
  public var body: Never { fatalError("stand-in") }
}

/// Stands in for SwiftUI's `ViewBuilder`.
@resultBuilder
public enum ViewBuilder {
  public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
  public static func buildBlock() -> EmptyView { fatalError("stand-in") }
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
  public static func buildBlock<each Content: View>(
    _ content: repeat each Content
  ) -> TupleView<(repeat each Content)> { fatalError("stand-in") }
  public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
  public static func buildEither<First: View, Second: View>(
    first: First
  ) -> ModifiedContent<First, Second> { fatalError("stand-in") }
  public static func buildEither<First: View, Second: View>(
    second: Second
  ) -> ModifiedContent<First, Second> { fatalError("stand-in") }
}

extension Optional: View where Wrapped: View {
  public var body: Never { fatalError("stand-in") }
}

/// Stands in for SwiftUI's `Text`.
public struct Text: View {
  public init<S: StringProtocol>(_ content: S) {}
  public var body: Never { fatalError("stand-in") }
}

/// Stands in for SwiftUI's `Button`.
public struct Button<Label: View>: View {
  public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void)
  where Label == Text {}
  public var body: Never { fatalError("stand-in") }
}

/// Stands in for SwiftUI's `ForEach`, a view when its content is.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
  public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content)
  where ID == Data.Element.ID, Data.Element: Identifiable, Content: View {}
}

extension ForEach: View where Content: View {
  public var body: Never { fatalError("stand-in") }
}

/// Stands in for SwiftUI's `List`.
public struct List<SelectionValue: Hashable, Content: View>: View {
  public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
    _ data: Data, id: KeyPath<Data.Element, ID>,
    @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
  ) where Content == ForEach<Data, ID, RowContent>, SelectionValue == Never {}
  public var body: Never { fatalError("stand-in") }
}

/// Stands in for SwiftUI's `GeometryReader`.
public struct GeometryReader<Content: View>: View {
  public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {}
  public var body: Never { fatalError("stand-in") }
}

/// Stands in for SwiftUI's `GeometryProxy`.
public struct GeometryProxy {
  public var size: CGSize { fatalError("stand-in") }
}

/// Stands in for SwiftUI's `ScrollViewReader`.
public struct ScrollViewReader<Content: View>: View {
  public init(@ViewBuilder content: @escaping (ScrollViewProxy) -> Content) {}
  public var body: Never { fatalError("stand-in") }
}

/// Stands in for SwiftUI's `ScrollViewProxy`.
public struct ScrollViewProxy {
  public func scrollTo<ID: Hashable>(_ id: ID, anchor: UnitPoint? = nil) {}
}

/// Stands in for SwiftUI's `UnitPoint`.
public struct UnitPoint: Hashable, Sendable {}

// MARK: - Shapes and styles

/// Stands in for SwiftUI's `ShapeStyle`.
public protocol ShapeStyle {}

/// Stands in for SwiftUI's `Color`, as a style only.
public struct Color: ShapeStyle, Hashable, Sendable {}

extension ShapeStyle where Self == Color {
  public static var blue: Color { Color() }
  public static var orange: Color { Color() }
}

/// Stands in for SwiftUI's `Shape`.
public protocol Shape: View {}

/// Stands in for SwiftUI's `Circle`.
public struct Circle: Shape {
  public init() {}
  public var body: Never { fatalError("stand-in") }
}

extension Shape where Self == Circle {
  public static var circle: Circle { Circle() }
}

extension Shape {
  public func fill<S: ShapeStyle>(_ content: S) -> ModifiedContent<Self, S> {
    fatalError("stand-in")
  }
}

// MARK: - Modifiers

extension View {
  public func padding(_ length: CGFloat) -> ModifiedContent<Self, CGFloat> {
    fatalError("stand-in")
  }
  public func frame(width: CGFloat? = nil, height: CGFloat? = nil) -> ModifiedContent<Self, Void> {
    fatalError("stand-in")
  }
  public func background<S: ShapeStyle, T: Shape>(
    _ style: S, in shape: T
  ) -> ModifiedContent<Self, S> { fatalError("stand-in") }
  public func bold(_ isActive: Bool = true) -> ModifiedContent<Self, Bool> {
    fatalError("stand-in")
  }
  public func onTapGesture(
    count: Int = 1, perform action: @escaping () -> Void
  ) -> ModifiedContent<Self, Void> { fatalError("stand-in") }
  public func onChange<V: Equatable>(
    of value: V, initial: Bool = false, _ action: @escaping () -> Void
  ) -> ModifiedContent<Self, V> { fatalError("stand-in") }
  public func sheet<Item: Identifiable, Content: View>(
    item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
    @ViewBuilder content: @escaping (Item) -> Content
  ) -> ModifiedContent<Self, Content> { fatalError("stand-in") }
  public func presentationDetents(
    _ detents: Set<PresentationDetent>
  ) -> ModifiedContent<Self, Void> { fatalError("stand-in") }
}

/// Stands in for SwiftUI's `PresentationDetent`.
public struct PresentationDetent: Hashable, Sendable {
  public static let medium = PresentationDetent()
  public static let large = PresentationDetent()
}

// MARK: - State and animation

/// Stands in for SwiftUI's `State`.
@propertyWrapper
public struct State<Value>: DynamicProperty {
  public init(wrappedValue value: Value) {}
  public var wrappedValue: Value {
    get { fatalError("stand-in") }
    nonmutating set {}
  }
  public var projectedValue: Binding<Value> { fatalError("stand-in") }
}

/// Stands in for SwiftUI's `DynamicProperty`.
public protocol DynamicProperty {}

/// Stands in for SwiftUI's `Binding`.
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value> {
  public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {}
  public var wrappedValue: Value {
    get { fatalError("stand-in") }
    nonmutating set {}
  }
  public var projectedValue: Binding<Value> { self }
  public subscript<Subject>(
    dynamicMember keyPath: WritableKeyPath<Value, Subject>
  ) -> Binding<Subject> { fatalError("stand-in") }
}

/// Stands in for SwiftUI's `Animation`.
public struct Animation: Hashable, Sendable {
  public static let `default` = Animation()
}

/// Stands in for SwiftUI's `withAnimation(_:_:)`.
@MainActor
public func withAnimation<Result>(
  _ animation: Animation? = .default, _ body: () throws -> Result
) rethrows -> Result {
  try body()
}
