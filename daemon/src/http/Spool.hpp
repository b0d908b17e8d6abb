#pragma once

#include <cstdint>
#include <istream>
#include <memory>
#include <streambuf>
#include <string_view>

namespace lodestone::http {

// Bytes kept in an unnamed temporary file (in $TMPDIR, else /tmp) rather than in memory: a
// request body or an answer too large for memory to hold whole (a CSV import or export). The
// file has no name from the start, so nothing is left behind however the process ends.
class Spool {
  public:
    Spool();
    ~Spool();
    Spool(const Spool&) = delete;
    Spool& operator=(const Spool&) = delete;

    // Throws std::system_error when the disk refuses (full, or not writable).
    void append(std::string_view bytes);
    std::int64_t size() const { return size_; }
    // Up to `count` bytes from `offset` into `out`; how many (0 at the end).
    std::size_t readAt(std::int64_t offset, char* out, std::size_t count) const;
    // The bytes from the start as a stream (one reader at a time).
    std::istream& reader();

  private:
    class Reading final : public std::streambuf {
      public:
        explicit Reading(const Spool& spool) : spool_(spool) {}

      protected:
        int_type underflow() override;

      private:
        const Spool& spool_;
        std::int64_t offset_ = 0;
        char buffer_[64 * 1024];
    };

    int fd_ = -1;
    std::int64_t size_ = 0;
    std::unique_ptr<Reading> reading_;
    std::unique_ptr<std::istream> stream_;
};

}  // namespace lodestone::http
