// A line under the tabs that says where the background sync stands: synced, pending 3, offline, 1 conflict.

#if canImport(SwiftUI)
  import SwiftUI
  import ViewModels

  /// The sync state of ``__NAME__Sync``, in the words of the terminal app's title bar; it
  /// changes as the rounds end, since the view reads the observable status.
  struct SyncStatusBar: View {
    /// The background sync whose state is shown.
    let sync: __NAME__Sync

    var body: some View {
      Label(sync.statusText, systemImage: "arrow.triangle.2.circlepath")
        .font(.footnote)
        .foregroundStyle(.secondary)
        .frame(maxWidth: .infinity)
        .padding(.vertical, 4)
        .background(.bar)
        .accessibilityLabel("Sync: \(sync.statusText)")
    }
  }
#endif
