// The names of the temporary files a write creates, so that leftovers can be recognised.

/// Names the temporary file a write uses: `.<name>.tmp-<16 hex digits>` beside the target.
///
/// The leading dot hides it from casual listings; the fixed shape lets a later open tell
/// leftovers of a killed writer from anything else in the folder.
enum TemporaryFileName {
  /// A fresh temporary name for the file at `target` (a path or a bare name).
  static func make(for target: String) -> String {
    let name = target.split(separator: "/").last.map(String.init) ?? target
    let random = UInt64.random(in: .min ... .max)
    let hex = String(random, radix: 16)
    return ".\(name).tmp-" + String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// Whether `candidate` is a temporary name made for the file called `name`.
  static func isTemporary(_ candidate: String, for name: String) -> Bool {
    let prefix = ".\(name).tmp-"
    guard candidate.hasPrefix(prefix) else { return false }
    let suffix = candidate.dropFirst(prefix.count)
    // Exactly the shape `make` produces: sixteen lower-case hexadecimal digits.
    return suffix.utf8.count == 16
      && suffix.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
  }
}
