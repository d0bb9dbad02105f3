// The five fields of a question in a file: the keys of a JSON element, the columns of a CSV file.

/// A field of a question as an imported or exported file names it.
///
/// The raw value is the name in both formats: the key of a JSON element and the column of a
/// CSV header.
enum QuestionField: String, CaseIterable {
  case id, prompt, answer, tags, createdAt

  /// The field named `name`, ignoring case and surrounding white space, as a CSV header may
  /// name it.
  init?(name: String) {
    let wanted = name.trimmingWhiteSpace().lowercased()
    guard let field = Self.allCases.first(where: { $0.rawValue.lowercased() == wanted })
    else { return nil }
    self = field
  }
}
