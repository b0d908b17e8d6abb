#include "bench/support/RunDir.hpp"

#include <stdlib.h>

#include <stdexcept>
#include <system_error>

namespace lodestone::bench {

namespace fs = std::filesystem;

RunDir::RunDir(const std::string& prefix, bool keep) : keep_(keep) {
    std::string pattern = (fs::temp_directory_path() / (prefix + "-XXXXXX")).string();
    if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
}

RunDir::~RunDir() {
    if (keep_) return;
    std::error_code ignored;
    fs::remove_all(path_, ignored);
}

}  // namespace lodestone::bench
