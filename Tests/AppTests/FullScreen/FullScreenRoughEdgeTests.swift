// Full-screen details a new user met: the form says how to separate tags.

import Foundation
import TerminalUI
import Testing

@testable import App

@MainActor
@Suite struct FullScreenRoughEdgeTests {
  @Test func theTagsFieldSaysHowToSeparateTags() async throws {
    let (state, _) = await FullScreenFixtures.state(size: TerminalSize(columns: 80, rows: 24))
    await state.perform(.addQuestion)
    let text = GoldenFrame.text(of: FrameComposer.frame(for: state))
    #expect(text.contains("separate tags with commas"), "\(text)")
  }
}
