// The question array of an imported JSON file, decoded element by element into a plan.

/// Decodes each element of a JSON array as a ``JSONImportItem`` and adds it to a plan at once,
/// so no array of every element is kept: memory grows with the valid questions, and with at
/// most ``ImportPlan/maximumKeptProblems`` problems, not with the number of elements.
///
/// Each problem's line is the element's index until ``QuestionJSON`` looks the lines up.
struct JSONImportRows: Decodable {
  /// The plan so far.
  var builder = ImportPlanBuilder()
  /// How many elements were decoded.
  var count = 0

  init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    while !container.isAtEnd {
      let item = try container.decode(JSONImportItem.self)
      builder.append(item.row, line: item.index)
      count += 1
    }
  }
}
