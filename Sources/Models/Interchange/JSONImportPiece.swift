// A run of elements of an imported JSON array, decoded on its own.

/// The rows of up to ``QuestionJSON/pieceSize`` elements of the question array, decoded from
/// those elements' bytes alone, so the decoder's copy of the document is never larger than
/// one piece.
struct JSONImportPiece: Decodable {
  /// Each element's row, in order.
  var rows: [CheckedRow] = []

  init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    while !container.isAtEnd {
      rows.append(try container.decode(JSONImportItem.self).row)
    }
  }
}
