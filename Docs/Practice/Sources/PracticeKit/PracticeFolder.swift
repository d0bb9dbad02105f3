// The practice package's folder on disk: learners' files, shipped copies, solutions, wrong fixes.

import Foundation

/// Reads and replaces the files of the exercises inside the practice package's folder.
public struct PracticeFolder: Sendable {
  /// The folder holding `Package.swift`, `Exercises/`, `Shipped/`, `Solutions/` and
  /// `WrongFixes/`.
  public var url: URL

  /// The folder at `url`.
  public init(url: URL) {
    self.url = url
  }

  /// The absolute location of `relativePath` inside the folder.
  public func file(_ relativePath: String) -> URL {
    url.appendingPathComponent(relativePath)
  }

  /// The modification date of the learner's file of `exercise`, `nil` when it is missing.
  public func modificationDate(of exercise: Exercise) -> Date? {
    let attributes = try? FileManager.default.attributesOfItem(atPath: file(exercise.filePath).path)
    return attributes?[.modificationDate] as? Date
  }

  /// Whether the learner's file is exactly as shipped.
  public func isAsShipped(_ exercise: Exercise) throws(PracticeError) -> Bool {
    try contents(exercise.filePath) == contents(exercise.shippedPath)
  }

  /// Puts the shipped version of the learner's file back.
  public func reset(_ exercise: Exercise) throws(PracticeError) {
    try replace(exercise.filePath, with: contents(exercise.shippedPath))
  }

  /// Copies the solution over the learner's file.
  public func applySolution(_ exercise: Exercise) throws(PracticeError) {
    try replace(exercise.filePath, with: contents(exercise.solutionPath))
  }

  /// The wrong fixes of `exercise`, in the order of their file names.
  public func wrongFixes(of exercise: Exercise) throws(PracticeError) -> [WrongFix] {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(
        atPath: file(exercise.wrongFixesFolder).path)
    } catch {
      throw .fileUnreadable(exercise.wrongFixesFolder, reason: error.localizedDescription)
    }
    var fixes: [WrongFix] = []
    for name in names.sorted() where name.hasSuffix(".swift") {
      let path = "\(exercise.wrongFixesFolder)/\(name)"
      let text = String(decoding: try contents(path), as: UTF8.self)
      fixes.append(try WrongFix(exercise: exercise, path: path, text: text))
    }
    return fixes
  }

  /// Copies `wrongFix` over the learner's file of its exercise.
  public func apply(_ wrongFix: WrongFix) throws(PracticeError) {
    try replace(wrongFix.exercise.filePath, with: contents(wrongFix.path))
  }

  private func contents(_ relativePath: String) throws(PracticeError) -> Data {
    do {
      return try Data(contentsOf: file(relativePath))
    } catch {
      throw .fileUnreadable(relativePath, reason: error.localizedDescription)
    }
  }

  private func replace(_ relativePath: String, with data: Data) throws(PracticeError) {
    do {
      try data.write(to: file(relativePath), options: .atomic)
    } catch {
      throw .fileUnwritable(relativePath, reason: error.localizedDescription)
    }
  }
}
