// The kit is command-line plumbing only: it imports no store, so a tool without one can use it.

import Foundation
import Testing

@Suite struct KitImportsTests {
  /// The modules the kit may import: the system's (Observation, for the full-screen loop), and
  /// the terminal toolkit.
  static let allowed: Set<String> = [
    "Foundation", "Dispatch", "Glibc", "Musl", "Darwin", "Observation", "TerminalUI",
  ]

  @Test func theKitImportsNoModuleOfThePackageButTheTerminalToolkit() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/CommandLineKit")
    let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    let files = (walker?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
    try #require(!files.isEmpty)
    for file in files {
      let text = try String(contentsOf: file, encoding: .utf8)
      let imported = text.matches(of: #/(?m)^\s*(?:@\w+\s+)?import\s+(\w+)/#).map {
        String($0.output.1)
      }
      let others = Set(imported).subtracting(Self.allowed)
      #expect(others.isEmpty, "\(file.lastPathComponent) imports \(others.sorted())")
    }
  }
}
