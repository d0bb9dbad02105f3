// The sync rows' targets: against kinto-http on the same server, and the scale run's figures.

extension BenchmarkTargets {
  /// The targets of the rows `sync` and `sync-scale`, with their figures; a row that could
  /// not run says why, as a miss.
  func syncTargets(for row: BenchmarkRow) -> [TargetResult] {
    if row == .sync {
      guard let report = results.sync, report.notRunBecause == nil else {
        let reason = results.sync?.notRunBecause ?? "it did not run"
        return [TargetResult("sync: not measured: \(reason)", row: row, .atMost, 1, measured: nil)]
      }
      let items = "\(Format.count(report.items)) items"
      let change = "one change on a collection of \(Format.count(report.items))"
      return [
        seconds(
          "sync push of \(items) to an empty collection (one round): LocalStoreSync / kinto-http"
            + " creating them in batches", row, report.pushSeconds, report.kintoHTTPSeconds,
          .atMost, 1),
        seconds(
          "sync pull of \(items) into an empty device (one round): LocalStoreSync / kinto-http"
            + " creating them in batches", row, report.pullSeconds, report.kintoHTTPSeconds,
          .atMost, 1),
        traffic("\(change): the device that made it, requests", row, report.changeSent, \.requests),
        traffic(
          "\(change): the device that made it, bytes sent", row, report.changeSent, \.bytesSent),
        traffic(
          "\(change): the device that made it, bytes received", row, report.changeSent,
          \.bytesReceived),
        traffic(
          "\(change): a device that pulled it, requests", row, report.changeReceived, \.requests),
        traffic(
          "\(change): a device that pulled it, bytes sent", row, report.changeReceived, \.bytesSent),
        traffic(
          "\(change): a device that pulled it, bytes received", row, report.changeReceived,
          \.bytesReceived),
      ]
    }
    guard let report = results.syncScale, report.notRunBecause == nil else {
      let reason = results.syncScale?.notRunBecause ?? "it did not run"
      return [
        TargetResult("sync-scale: not measured: \(reason)", row: row, .atMost, 1, measured: nil)
      ]
    }
    let scale = "\(report.devices) devices x \(report.changes / max(1, report.devices)) changes"
    return [
      TargetResult(
        "\(scale) on Kinto over PostgreSQL: every device holds the same items", row: row,
        .atLeast, 1, unit: .count, measured: report.converged ? 1 : 0,
        detail: "\(report.convergingRounds) rounds of every device after the changes;"
          + " \(report.failedRounds ?? 0) device rounds failed and were tried again"),
      TargetResult(
        "\(scale): seconds from the first change until nothing moves", row: row, nil, nil,
        unit: .count, measured: report.seconds),
      TargetResult(
        "\(scale): requests per change", row: row, nil, nil, unit: .count,
        measured: Double(report.requests) / Double(max(1, report.changes)),
        detail: "\(report.requests) requests for \(report.changes) changes"),
    ]
  }

  private func seconds(
    _ name: String, _ row: BenchmarkRow, _ numerator: Double?, _ denominator: Double?,
    _ comparison: TargetResult.Comparison?, _ limit: Double?
  ) -> TargetResult {
    var measured: Double?
    var detail: String?
    if let numerator, let denominator, denominator > 0 {
      measured = numerator / denominator
      detail =
        "\(Duration.seconds(numerator).readable) against \(Duration.seconds(denominator).readable)"
    }
    return TargetResult(name, row: row, comparison, limit, measured: measured, detail: detail)
  }

  private func traffic(
    _ name: String, _ row: BenchmarkRow, _ traffic: BenchmarkResults.Traffic?,
    _ figure: KeyPath<BenchmarkResults.Traffic, Int>
  ) -> TargetResult {
    TargetResult(
      name, row: row, nil, nil, unit: .count, measured: traffic.map { Double($0[keyPath: figure]) })
  }
}
