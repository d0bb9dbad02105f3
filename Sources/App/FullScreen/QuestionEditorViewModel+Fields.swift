// Lets the form's key handling type into whichever field has the focus.

import ViewModels

extension QuestionEditorViewModel {
  /// The text of `field`.
  subscript(field: Field) -> String {
    get {
      switch field {
      case .prompt: prompt
      case .answer: answer
      case .tags: tags
      }
    }
    set {
      switch field {
      case .prompt: prompt = newValue
      case .answer: answer = newValue
      case .tags: tags = newValue
      }
    }
  }
}
