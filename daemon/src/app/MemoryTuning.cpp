#include "app/MemoryTuning.hpp"

#include <malloc.h>

#include <cstdlib>

namespace lodestone::app {
namespace {

constexpr int kTrimThreshold = 4 << 20;
constexpr int kMmapThreshold = 1 << 20;

}  // namespace

void tuneAllocator() {
    // By default glibc gives freed memory back to the kernel as soon as the top of a heap has
    // 128 KiB spare. With a worker per thread each allocating and freeing a job's worth at a
    // time, that meant an madvise, a TLB shoot-down across the CPUs and a page fault to get the
    // memory back a moment later, about a tenth of the pipeline's CPU (docs/benchmarks.md).
    // Spare memory up to 4 MiB per heap is kept instead; blocks of 1 MiB and more still come
    // from mmap and go back when freed. An operator who set glibc's tunables keeps theirs.
    if (std::getenv("GLIBC_TUNABLES") != nullptr) return;
    mallopt(M_TRIM_THRESHOLD, kTrimThreshold);
    mallopt(M_MMAP_THRESHOLD, kMmapThreshold);
}

}  // namespace lodestone::app
