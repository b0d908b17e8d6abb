#pragma once

namespace lodestone::app {

// Tunes glibc's allocator for a daemon with many threads, once, before any of them start.
void tuneAllocator();

}  // namespace lodestone::app
