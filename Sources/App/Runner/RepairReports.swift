// What `questions repair --json` prints for both stores of the data folder.

/// `repair --json`: the question store's report at the top level, as before, and the study
/// history's under `sessions`.
struct RepairReports: Encodable {
  var questions: RepairReport
  var sessions: RepairReport

  func encode(to encoder: any Encoder) throws {
    try questions.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(sessions, forKey: .sessions)
  }

  private enum CodingKeys: String, CodingKey { case sessions }
}
