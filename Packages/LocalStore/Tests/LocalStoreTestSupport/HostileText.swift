// The hostile strings every command-line tool made from this template is tested against, and what counts as raw.

import Foundation

/// Text that would drive a terminal if a tool printed it as it is: escape sequences, C0 and
/// C1 controls, bidirectional overrides.
///
/// One table for the template's own app and every project generated from it: a fix that reaches only
/// one of the two tools fails the other's tests. Each case carries ``marker``, a word that
/// must still be visible once the controls around it are neutralised (shown, not dropped).
public struct HostileText: Sendable, CustomStringConvertible {
  /// What the case attempts, for test names.
  public var name: String
  /// The text, ``marker`` included.
  public var text: String

  /// The word each case holds in plain letters.
  public static let marker = "OWNED"

  /// The case's name.
  public var description: String { name }

  /// A case called `name` around `attack`.
  public init(_ name: String, _ attack: String) {
    self.name = name
    text = "x " + attack.replacingOccurrences(of: "@", with: Self.marker) + " y"
  }

  /// Every case. None holds `/` or NUL, so each can also be a file or folder name.
  public static let all: [HostileText] = [
    HostileText("OSC 0 window title", "\u{1B}]0;@\u{07}"),
    HostileText("OSC 52 clipboard", "\u{1B}]52;c;@\u{07}"),
    HostileText("CSI clear screen", "\u{1B}[2J@\u{1B}[H"),
    HostileText("C1 CSI colour", "\u{9B}31m@"),
    HostileText("C1 OSC title", "\u{9D}0;@\u{9C}"),
    HostileText("bidi override", "\u{202E}@exe.txt"),
    HostileText("bidi isolate and mark", "\u{2066}@\u{2069}\u{200F}"),
    HostileText("carriage return overwrite", "fake\r@"),
    HostileText("backspace and DEL", "@\u{08}\u{08}\u{7F}"),
  ]

  /// The characters of `text` a terminal would act on: `ESC`, every other C0 control but a
  /// line break and a tab, the C1 controls, `DEL`, and the bidirectional controls. On a
  /// terminal (`throughTerminal`), a carriage return right before a line break is the
  /// terminal's own line ending and is allowed.
  public static func rawControls(in text: String, throughTerminal: Bool = false) -> [Unicode.Scalar]
  {
    let scalars = Array(text.unicodeScalars)
    return scalars.indices.compactMap { index in
      let scalar = scalars[index]
      let value = scalar.value
      if scalar == "\n" || scalar == "\t" { return nil }
      if throughTerminal, scalar == "\r", index + 1 < scalars.count, scalars[index + 1] == "\n" {
        return nil
      }
      let isControl = value < 0x20 || (0x7F..<0xA0).contains(value)
      let isBidi =
        [0x061C, 0x200E, 0x200F].contains(value) || (0x202A...0x202E).contains(value)
        || (0x2066...0x2069).contains(value)
      return isControl || isBidi ? scalar : nil
    }
  }
}
