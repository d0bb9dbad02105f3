// "a" or "an" before a noun a tool does not know in advance, such as a model's name.

/// Chooses the indefinite article for a noun by how it is said, not how it is spelled alone.
public enum Article {
  /// `an` before a vowel sound (`an ingredient`, `an id`, `an hour`, `an X`), else `a`
  /// (`a recipe`, `a unit`, `a one-off`). Upper-case initialisms are read letter by letter.
  public static func indefinite(for noun: String) -> String {
    let word = noun.lowercased()
    guard let first = word.first else { return "a" }
    let isInitialism = noun.count <= 4 && noun.allSatisfy { $0.isUppercase || $0.isNumber }
    if isInitialism {
      // Letters whose names start with a vowel sound: "an F", "an MP3".
      return "aefhilmnorsx".contains(first) ? "an" : "a"
    }
    if silentH.contains(where: { word.hasPrefix($0) }) { return "an" }
    if consonantSounds.contains(where: { word.hasPrefix($0) }) { return "a" }
    return "aeiou".contains(first) ? "an" : "a"
  }

  /// Words that start with a vowel letter but a consonant sound.
  private static let consonantSounds = [
    "uni", "use", "usa", "usu", "ute", "uti", "ura", "uri", "euro", "eu", "one", "once", "ewe",
  ]
  /// Words that start with a silent h.
  private static let silentH = ["hour", "honest", "honor", "honour", "heir"]
}
