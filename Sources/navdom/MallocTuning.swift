import NavDOMMalloc

/// Tells glibc's allocator to keep the memory it has, as servers commonly do.
///
/// A render builds a tree of many small blocks and frees it all at once. By default glibc
/// then hands the top of the heap back to the kernel (above 128 KiB free) and serves blocks
/// over 128 KiB with `mmap`, so the next render faults every page in again: measured on the
/// 10,000-row benchmark table, about 2,500 page faults per render and a tenth of its time.
/// Keeping up to 64 MiB, and taking large blocks from the heap, makes the steady state
/// fault-free. Memory a process has used is kept for reuse, not returned; RSS stays flat at
/// its high-water mark (the soak in Scripts/bench-serve.sh watches it).
enum MallocTuning {
  static func keepFreedMemory() {
    let keep: Int32 = 64 << 20
    _ = mallopt(M_TRIM_THRESHOLD, keep)
    _ = mallopt(M_TOP_PAD, 16 << 20)
    _ = mallopt(M_MMAP_THRESHOLD, keep)
  }
}
