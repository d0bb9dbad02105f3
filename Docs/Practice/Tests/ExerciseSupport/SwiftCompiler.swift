// Compiles an exercise's file in Swift 6 mode, for the exercises where the compiler teaches.

import Foundation

/// Runs `swiftc` on a learner's file and reports its first error.
///
/// Some exercises are about code the compiler must reject: a class that claims `Sendable` with
/// mutable state, a value sent across actors while still in use. Such a file cannot be part of
/// the package as shipped, or nothing else would build, so its test compiles it apart, as far as
/// the data-race checks (`-emit-sil`), with a small file that uses it as the fixed code would.
public enum SwiftCompiler {
  /// What one compilation said.
  public struct Result: Sendable {
    /// Whether it compiled with no error.
    public var succeeded: Bool
    /// The first `error:` line, file name shortened, or `nil`.
    public var firstError: String?
  }

  /// Compiles `file` together with `usage` (Swift source that uses it) in Swift 6 mode.
  public static func check(_ file: URL, usage: String) throws -> Result {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let usageFile = folder.file("Usage.swift")
    try Data(usage.utf8).write(to: usageFile)
    let log = folder.file("log.txt")
    try Data().write(to: log)
    let output = try FileHandle(forWritingTo: log)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    let compiler = ProcessInfo.processInfo.environment["SWIFTC"] ?? "swiftc"
    process.arguments = [
      compiler, "-swift-version", "6", "-parse-as-library", "-wmo", "-emit-sil", "-o", "/dev/null",
      file.path, usageFile.path,
    ]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = output
    try process.run()
    process.waitUntilExit()
    try output.close()
    let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    let firstError = text.split(separator: "\n").first { $0.contains("error:") }.map {
      String($0).replacingOccurrences(of: file.deletingLastPathComponent().path + "/", with: "")
    }
    return Result(succeeded: process.terminationStatus == 0, firstError: firstError)
  }

  /// The file called `name` in the exercise folder `folder`, found from a test file's path.
  public static func exerciseFile(
    _ folder: String, _ name: String, from testFile: String = #filePath
  )
    -> URL
  {
    URL(fileURLWithPath: testFile)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Exercises").appendingPathComponent(folder)
      .appendingPathComponent(name)
  }
}
