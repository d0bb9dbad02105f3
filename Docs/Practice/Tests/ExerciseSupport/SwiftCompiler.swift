// Compiles an exercise's file in Swift 6 mode, for the exercises where the compiler teaches.

import Foundation

/// Runs `swiftc` on a learner's file and reports its first error.
///
/// Some exercises are about code the compiler must reject: a class that claims `Sendable` with
/// mutable state, a value sent across actors while still in use. Such a file cannot be part of
/// the package as shipped, or nothing else would build, so its test compiles it apart, with a
/// small file that uses it as the fixed code would.
///
/// The checks are the compiler's, at their strictest: the Swift 6 language mode (every data
/// race is an error), strict memory safety (`nonisolated(unsafe)` and other escape hatches
/// must be spelled `unsafe` where they are used), and warnings as errors (so that `await` on
/// a call that is not isolated, which the compiler only warns about, fails too). Nothing is
/// found by searching the file's text: a comment or a string cannot fool it.
public enum SwiftCompiler {
  /// What one compilation said.
  public struct Result: Sendable {
    /// Whether it compiled with no error.
    public var succeeded: Bool
    /// The first `error:` line, file name shortened, or `nil`.
    public var firstError: String?
    /// What the program printed, when it was built and run.
    public var output: String
  }

  /// The compiler's strictest checks, shared by ``check(_:usage:)`` and ``run(_:main:)``.
  static let strictFlags = [
    "-swift-version", "6", "-strict-memory-safety", "-warnings-as-errors",
  ]

  /// Compiles `file` together with `usage` (Swift source that uses it), as far as the
  /// data-race checks (`-emit-sil`), with ``strictFlags``.
  public static func check(_ file: URL, usage: String) throws -> Result {
    try compile(file, extra: usage, arguments: ["-parse-as-library", "-wmo", "-emit-sil"])
  }

  /// Builds `file` and `main` (a file with an `@main` type) into a program with
  /// ``strictFlags``, runs it, and returns what it printed.
  public static func run(_ file: URL, main: String) throws -> Result {
    try compile(file, extra: main, arguments: ["-parse-as-library"], run: true)
  }

  private static func compile(
    _ file: URL, extra: String, arguments: [String], run: Bool = false
  )
    throws -> Result
  {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let extraFile = folder.file("Usage.swift")
    try Data(extra.utf8).write(to: extraFile)
    let program = folder.file("program")
    let compiled = try execute(
      [ProcessInfo.processInfo.environment["SWIFTC"] ?? "swiftc"] + strictFlags + arguments
        + ["-o", run ? program.path : "/dev/null", file.path, extraFile.path],
      log: folder.file("compiler.txt"))
    let firstError = compiled.output.split(separator: "\n").first { $0.contains("error:") }.map {
      String($0).replacingOccurrences(of: file.deletingLastPathComponent().path + "/", with: "")
    }
    guard compiled.status == 0, run else {
      return Result(succeeded: compiled.status == 0, firstError: firstError, output: "")
    }
    let ran = try execute([program.path], log: folder.file("program.txt"))
    return Result(
      succeeded: ran.status == 0,
      firstError: ran.status == 0 ? nil : "the program exited with status \(ran.status)",
      output: ran.output)
  }

  /// Runs `command` through `/usr/bin/env`, its output and errors into `log`.
  private static func execute(
    _ command: [String], log: URL
  ) throws -> (
    status: Int32, output: String
  ) {
    try Data().write(to: log)
    let output = try FileHandle(forWritingTo: log)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = command
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = output
    try process.run()
    process.waitUntilExit()
    try output.close()
    return (process.terminationStatus, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
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
