// Every use here is guarded or cannot be compiled for macOS or iOS: nothing may be reported.
import Observation
import Synchronization

@Observable @MainActor final class Screen {
  var title = ""
}

@MainActor func redraw(_ screen: Screen, draw: @escaping (String) -> Void) async {
  if #available(macOS 26, iOS 26, *) {
    for await title in Observations({ screen.title }) { draw(title) }
  } else {
    draw(screen.title)
  }
}

func decode(_ bytes: [UInt8]) -> String? {
  guard #available(macOS 15, iOS 18, *) else {
    return String(decoding: bytes, as: UTF8.self)
  }
  return String(validating: bytes, as: UTF8.self)
}

@available(macOS 15, iOS 18, *)
final class Counter: Sendable {
  let value = Atomic<Int>(0)

  func increment() { value.add(1, ordering: .relaxed) }
}

@available(macOS 15, iOS 18, *)
extension Counter {
  func reset() { value.store(0, ordering: .relaxed) }
}

#if os(Linux)
  @MainActor func linuxOnly(_ screen: Screen) async {
    for await _ in Observations({ screen.title }) {}
  }
#endif

#if canImport(Glibc)
  let linuxCounter = Mutex(0)
#elseif os(macOS)
  let otherCounter = 0
#endif

/// A type of this package's own that shares a name with a newer API is not that API.
struct Expression {
  var text: String
}

let mine = Expression(text: "1 + 1")
let text = "\(mine.text) is not \(String(describing: Expression.self))"

/// A generic parameter named like a library type is the parameter, and `-> Never {` opens a
/// body rather than calling an initializer.
struct Box<Value> {
  var value: Value

  func unwrap() -> Value { value }
  func stop() -> Never { fatalError("stopped") }
}

/// A generic value parameter is not a property, and the @available above a generic
/// declaration covers all of it.
@available(macOS 26, iOS 26, *)
func first<let count: Int>(of values: InlineArray<count, Int>) -> Int? {
  values.isEmpty ? nil : values[0]
}
