// `questions export` and `questions import`: files of questions in and out, through one batch.

import CommandLineKit
import FlowKit
import Foundation
import Models
import ViewModels

extension CommandRunner {
  /// Writes every question to `destination`, or to standard output when it is `nil` or `-`.
  ///
  /// The format is `format`, else the destination's extension (`.csv` or `.json`; any other
  /// name is a usage error that asks for `--format`), else JSON for standard output. `storeDirectory`
  /// holds the store's files, which the export refuses to replace.
  func export(
    from viewModel: QuestionListViewModel, format: InterchangeFormat?, destination: String?,
    printer: ResultPrinter, storeDirectory: URL
  ) async throws(AppError) {
    let path = destination == "-" ? nil : destination
    let url = path.map(resolve)
    if let path, let url, Self.isStoreFile(url, in: storeDirectory) {
      throw .exportOverStore(path)
    }
    // A name that says nothing about the format gets a question, not a guess.
    if format == nil, let path, InterchangeFormat(pathExtensionOf: path) == nil {
      throw .formatNeeded(path)
    }
    let format = format ?? path.flatMap(InterchangeFormat.init(pathExtensionOf:)) ?? .json
    try await load(viewModel)
    let questions = viewModel.items
    let progress = ProgressBar(
      label: "Exporting", isTerminal: context.standardErrorIsTerminal, write: console.writeError)
    let bytes: [UInt8]
    do {
      switch format {
      case .csv: bytes = try QuestionCSV.encode(questions, progress: progress.update)
      case .json: bytes = try QuestionJSON.encode(questions, progress: progress.update)
      }
    } catch {
      progress.clear()
      switch error {
      case .unrepresentable(let id, let reason):
        throw .notRepresentable(format, id: id, reason: reason)
      case .encodingFailed(let reason), .malformedFile(_, let reason):
        throw .encodingFailed(reason)
      }
    }
    guard let path, let url else {
      progress.clear()
      // Data a program reads back: byte for byte, whatever it holds.
      console.writeData(String(decoding: bytes, as: UTF8.self))
      // Only once the bytes are out: a failed write must not end with a success message.
      guard console.writeFailure == nil else { return }
      progress.finish("Exported \(Self.count(questions.count, "question")).")
      return
    }
    do {
      try ExportFileWriter.replaceFile(at: url, with: bytes, displayPath: path)
    } catch {
      progress.clear()
      throw error
    }
    progress.clear()  // The summary below gives the count.
    let report = ExportReport(exported: questions.count, file: path, format: format.rawValue)
    try printer.report(
      report,
      sentence: "Exported \(Self.count(questions.count, "question")) to \(path) as"
        + " \(format.rawValue.uppercased()).\n")
  }

  /// Reads `source` (standard input for `-`), checks every row, and saves the valid questions
  /// with one batch save: all of them, or none if a row is invalid and not `skipInvalid`.
  func importQuestions(
    into viewModel: QuestionListViewModel, source: String, format: InterchangeFormat?,
    skipInvalid: Bool, printer: ResultPrinter
  ) async throws(AppError) {
    let isStandardInput = source == "-"
    let name = isStandardInput ? "<stdin>" : source
    let data = try ImportFileReader.read(
      isStandardInput ? nil : resolve(source), displayPath: name)
    let format =
      format ?? (isStandardInput ? nil : InterchangeFormat(pathExtensionOf: source))
      ?? InterchangeFormat.sniff(data)
    let shortName = isStandardInput ? name : URL(fileURLWithPath: source).lastPathComponent
    let progress = ProgressBar(
      label: "Reading \(shortName)", isTerminal: context.standardErrorIsTerminal,
      write: console.writeError)
    let plan: ImportPlan
    do {
      plan = try QuestionImport.plan(data, format: format) { progress.update($0) }
    } catch {
      progress.clear()
      switch error {
      case .malformedFile(let line, let reason):
        throw .malformedImport(name, line: line, reason: reason)
      case .unrepresentable(_, let reason), .encodingFailed(let reason):
        throw .malformedImport(name, line: nil, reason: reason)
      }
    }
    progress.finish("Read \(plan.rowCount) rows from \(name).")
    if !plan.problems.isEmpty {
      // A few lines say what is wrong; thousands would only bury the summary.
      let shown = plan.problems.prefix(Self.problemsShown).map {
        TerminalText.excerpt(TerminalText.neutralized("\(name):\($0.line): \($0.message)"))
          + "\n"
      }
      let more = plan.problemCount - shown.count
      console.writeError(
        shown.joined() + (more > 0 ? "\(name): … and \(more) more problems.\n" : ""))
      guard skipInvalid else {
        throw .invalidRows(name, invalid: plan.problemCount, valid: plan.validRowCount)
      }
    }
    try await load(viewModel)
    let stored = Set(viewModel.items.map(\.id))
    let replaced = plan.questions.count { stored.contains($0.id) }
    if !plan.questions.isEmpty {
      progress.showStatus("Saving \(plan.questions.count) questions...")
      let saved = await viewModel.add(contentsOf: plan.questions)
      progress.clear()
      guard saved else { throw .failed(viewModel.errorMessage) }
    }
    let report = ImportReport(
      file: name, format: format.rawValue, imported: plan.questions.count,
      added: plan.questions.count - replaced, replaced: replaced, merged: plan.merged,
      skipped: plan.problemCount)
    try printer.report(report, sentence: report.sentence)
  }

  /// `1 question`, `2 questions`.
  static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }

  /// How many problems of an import are printed, one line each, before "and N more".
  static let problemsShown = 20

  /// `path` as an absolute URL, relative to the current folder.
  private func resolve(_ path: String) -> URL {
    URL.absolute(path, in: context.currentDirectory)
  }

  /// Whether `url` is a file of a store in the data folder, which an export must never
  /// replace: `questions.json` or `sessions.json`, their journals and locks, their temporary
  /// files, and the copies `repair` and recovery keep beside them (every name in the folder
  /// that starts with a store's name).
  static func isStoreFile(_ url: URL, in directory: URL) -> Bool {
    let target = url.resolvingSymlinksInPath()
    guard
      target.deletingLastPathComponent().resolvingSymlinksInPath().path
        == directory.standardizedFileURL.resolvingSymlinksInPath().path
    else { return false }
    let name = target.lastPathComponent
    return DataDirectoryResolver.storeFilenames.contains { store in
      name.hasPrefix(store) || name.hasPrefix("." + store + ".tmp-")
    }
  }
}
