// The SQLite store's targets: against GRDB's DatabasePool, with the journal store beside.

extension BenchmarkTargets {
  /// The targets of the rows `sqlite-durable`, `sqlite-batch` and `million`, then the
  /// journal store's figures beside them.
  func sqliteTargets(for row: BenchmarkRow) -> [TargetResult] {
    let report = results.sqliteStores
    let sizes = results.sizes
    switch row {
    case .sqliteDurable:
      let stored = "\(Format.count(sizes.targetStoreSize)) stored"
      let save = { (store: SQLiteStoreReport.Store) in
        report?.saves.first { $0.store == store }?.medianMicroseconds
      }
      return [
        ratio(
          "durable save, \(stored): SQLiteRepository / GRDB DatabasePool WAL FULL (read back)",
          row, save(.sqliteRepository), save(.grdb), .atMost, 1.1),
        ratio(
          "durable save, \(stored): LocalRepository .journal / GRDB DatabasePool WAL FULL", row,
          save(.journal), save(.grdb), nil, nil),
      ]
    case .sqliteBatch:
      let batch = "batch of \(Format.count(sizes.batchSize))"
      let time = { (store: SQLiteStoreReport.Store) in
        report?.batches.first { $0.store == store }?.seconds
      }
      return [
        ratio(
          "\(batch): SQLiteRepository / GRDB in one transaction", row, time(.sqliteRepository),
          time(.grdb), .atMost, 1, seconds: true),
        ratio(
          "\(batch): LocalRepository .journal / GRDB in one transaction", row, time(.journal),
          time(.grdb), nil, nil, seconds: true),
      ]
    default:
      let large = "\(Format.count(sizes.largeStoreSize)) stored"
      let page = { (store: SQLiteStoreReport.Store) in
        report?.firstPages.first { $0.store == store }
      }
      let find = { (store: SQLiteStoreReport.Store) in
        report?.finds.first { $0.store == store }?.medianMicroseconds
      }
      return [
        TargetResult(
          "\(large): SQLiteRepository open + count() + first page of 50", row: row, .atMost,
          50_000, unit: .microseconds, measured: page(.sqliteRepository)?.medianMicroseconds),
        TargetResult(
          "\(large): LocalRepository .journal open + count() + first page of 50", row: row, nil,
          nil, unit: .microseconds, measured: page(.journal)?.medianMicroseconds),
        TargetResult(
          "\(large): SQLiteRepository peak memory growth to the first page", row: row, .atMost,
          50 * 1024, unit: .kibibytes,
          measured: page(.sqliteRepository)?.peakGrowthKiB.map(Double.init),
          detail: page(.sqliteRepository).map { "file \(Format.bytes($0.bytesOnDisk))" }),
        TargetResult(
          "\(large): LocalRepository .journal peak memory growth to the first page", row: row,
          nil, nil, unit: .kibibytes, measured: page(.journal)?.peakGrowthKiB.map(Double.init),
          detail: page(.journal).map { "files \(Format.bytes($0.bytesOnDisk))" }),
        ratio(
          "\(large): find(by:) SQLiteRepository / GRDB read by key", row,
          find(.sqliteRepository), find(.grdb), .atMost, 2),
        ratio(
          "\(large): find(by:) LocalRepository .journal / GRDB read by key", row, find(.journal),
          find(.grdb), nil, nil),
      ]
    }
  }

  /// `numerator / denominator` against `limit`, with both figures in the detail.
  private func ratio(
    _ name: String, _ row: BenchmarkRow, _ numerator: Double?, _ denominator: Double?,
    _ comparison: TargetResult.Comparison?, _ limit: Double?, seconds: Bool = false
  ) -> TargetResult {
    var measured: Double?
    var detail: String?
    if let numerator, let denominator, denominator > 0 {
      measured = numerator / denominator
      let format = { (value: Double) in
        seconds ? Duration.seconds(value).readable : Duration.microseconds(value).readable
      }
      detail = "\(format(numerator)) against \(format(denominator))"
    }
    return TargetResult(name, row: row, comparison, limit, measured: measured, detail: detail)
  }
}
