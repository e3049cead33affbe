/// First-fit decreasing (FFD): sort the items by non-increasing size (equal
/// sizes in input order), then first-fit.
///
/// Uses at most 11/9 OPT + 6/9 rows (Dósa, 2007). This is the "minimal rows"
/// packer of the tag-layout articles.
///
/// D. S. Johnson, "Near-optimal bin packing algorithms", PhD thesis, MIT, 1973;
/// G. Dósa, "The tight bound of first fit decreasing bin-packing algorithm is
/// FFD(I) <= 11/9 OPT(I) + 6/9", ESCAPE 2007, LNCS 4614.
///
/// - Complexity: O(*n* log *n*) time (the sort, then a tournament tree), O(*n*) memory.
public struct FirstFitDecreasing: RowPacker {
  public init() {}
  public var name: String { "first-fit-decreasing" }

  public func pack(_ instance: ScaledInstance) -> Packing {
    FirstFit.pack(instance, order: instance.indicesByDecreasingSize)
  }
}
