// Runs the built `questions` program on a data folder, one process per command, as a person does.

import Foundation

/// The built `questions` executable, run as a child process on a given data folder.
public enum QuestionsCommand {
  /// Runs `questions --data-dir <folder> <arguments>` to completion, without colour and
  /// without the data folder of the environment; `environment` adds variables (such as
  /// `LD_PRELOAD`).
  public static func run(
    in folder: URL, _ arguments: [String], environment: [String: String?] = [:]
  ) throws -> ChildProcessResult {
    var variables: [String: String?] = ["QUESTIONS_DATA_DIR": nil, "NO_COLOR": "1"]
    variables.merge(environment) { $1 }
    return try ChildProcess.run(
      BuiltProducts.executable("questions"), ["--data-dir", folder.path] + arguments,
      environment: variables)
  }

  /// Adds a question with `prompt` and answer `a`; the result of that process.
  public static func add(
    _ prompt: String, in folder: URL, environment: [String: String?] = [:]
  )
    throws -> ChildProcessResult
  {
    try run(in: folder, ["add", prompt, "--answer", "a"], environment: environment)
  }

  /// The prompts `questions --json list` printed, or `nil` when it failed or printed no list.
  public static func listedPrompts(
    in folder: URL
  ) throws -> (
    prompts: [String]?, result: ChildProcessResult
  ) {
    let result = try run(in: folder, ["--json", "list"])
    guard result.status == 0,
      let list = try? JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
        as? [[String: Any]]
    else { return (nil, result) }
    return (list.compactMap { $0["prompt"] as? String }, result)
  }
}
