// `questions quiz`: asks questions one at a time on standard input and stores the score.

import CommandLineKit
import Foundation
import LocalStore
import Models
import Persistence
import ViewModels

extension CommandRunner {
  /// Runs a quiz in line mode through a ``/ViewModels/QuizViewModel`` and stores the finished session.
  ///
  /// For each question it prints the prompt, waits for a line, prints the answer and asks
  /// `Did you know it? [y/n]` until it gets y, yes, n or no in any case. With `--json` the
  /// dialogue goes to standard error and standard output gets only the stored session.
  ///
  /// - Throws: ``AppError/quizNotStarted(_:)`` when no question matches;
  ///   ``AppError/quizStopped(atQuestion:of:)`` when the input ends early (nothing is stored);
  ///   ``AppError/resultNotSaved(_:)`` when the result could not be stored and the person
  ///   did not retry.
  func runQuiz(
    tag: String?, count: Int?, over questions: any Repository<Question>, in directory: URL,
    printer: ResultPrinter
  ) async throws(AppError) {
    let quiz = QuizViewModel(
      questions: questions, sessions: try await openStudyHistory(in: directory))
    // The same default length as the full-screen mode's quizzes.
    await quiz.start(tag: tag, count: count ?? QuestionBankModel.quizLength)
    guard quiz.phase == .asking else {
      throw .quizNotStarted(quiz.errorMessage ?? "The quiz could not start.")
    }
    let say = printer.json ? console.writeError : console.writeOutput
    let style = printer.text.style
    // Stored text is neutralised by the console; a line of the quiz stays one line.
    let shown = { (text: String) in TerminalText.neutralized(text) }
    while let question = quiz.current {
      let number = quiz.position + 1
      var header = "Question \(number) of \(quiz.total)"
      if !question.tags.isEmpty {
        header += "  [" + shown(question.tags.joined(separator: ", ")) + "]"
      }
      let lead = number > 1 ? "\n" : ""
      say(lead + style.dim(header) + "\n" + style.bold(shown(question.prompt)) + "\n")
      say("Press Enter to see the answer.\n")
      guard let line = console.readLine() else {
        throw .quizStopped(atQuestion: number, of: quiz.total)
      }
      quiz.revealAnswer()
      say("Answer: \(shown(question.answer))\n")
      // A y or n instead of Enter is the grade itself: answers on a pipe take one line each,
      // as in `printf 'y\nn\n' | questions quiz`.
      guard let knewIt = Self.yesOrNo(line) ?? askYesOrNo("Did you know it? [y/n] ", say: say)
      else {
        throw .quizStopped(atQuestion: number, of: quiz.total)
      }
      await quiz.grade(knewIt: knewIt)
    }
    while quiz.hasUnsavedResult {
      let reason = quiz.errorMessage ?? "the store refused it."
      say("\nYour result could not be stored: \(reason)\n")
      guard askYesOrNo("Try again? [y/n] ", say: say) == true else {
        throw .resultNotSaved(reason)
      }
      await quiz.saveResult()
    }
    guard let session = quiz.finishedSession else { return }
    say("\n" + Self.score(of: session) + " Saved; see your progress with: questions stats\n")
    if printer.json { console.writeOutput(try JSONFormatter().encode(session)) }
  }

  /// Opens the study history, naming `sessions.json` in the error when it does not open.
  func openStudyHistory(
    in directory: URL, readOnly: Bool = false
  ) async throws(AppError) -> any Repository<StudySession> {
    do {
      let opened = try await (readOnly ? openSessionsForReading : openSessions)(directory)
      warn(about: opened.warnings)
      return openedStores.keep(opened.repository)
    } catch let error as PersistenceError {
      throw .studyHistory(error)
    } catch {
      throw .store(error)
    }
  }

  /// `You knew 3 of 4 (75%).`
  static func score(of session: StudySession) -> String {
    "You knew \(session.knownCount) of \(session.count) (\(StatisticsChart.percent(session.accuracy)))."
  }

  /// Asks `question` until the answer is y, yes, n or no, ignoring case and surrounding
  /// spaces; `nil` when the input ends first.
  private func askYesOrNo(_ question: String, say: (String) -> Void) -> Bool? {
    say(question)
    while let line = console.readLine() {
      if let answer = Self.yesOrNo(line) { return answer }
      say("Please answer y or n. " + question)
    }
    return nil
  }

  /// `true` for y or yes, `false` for n or no, ignoring case and surrounding spaces; `nil`
  /// for anything else.
  static func yesOrNo(_ line: String) -> Bool? {
    switch line.trimmingCharacters(in: .whitespaces).lowercased() {
    case "y", "yes": true
    case "n", "no": false
    default: nil
    }
  }
}
