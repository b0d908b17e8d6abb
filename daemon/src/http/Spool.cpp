#include "http/Spool.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <string>
#include <system_error>

namespace lodestone::http {
namespace {

std::string spoolDirectory() {
    const char* dir = std::getenv("TMPDIR");
    return dir && *dir ? dir : "/tmp";
}

}  // namespace

Spool::Spool() {
    const auto dir = spoolDirectory();
    fd_ = ::open(dir.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (fd_ < 0) {
        // A file system without O_TMPFILE: a named file, unlinked at once.
        std::string path = dir + "/lodestone-spool-XXXXXX";
        fd_ = ::mkostemp(path.data(), O_CLOEXEC);
        if (fd_ < 0) {
            throw std::system_error(errno, std::generic_category(),
                                    "cannot make a temporary file in " + dir);
        }
        ::unlink(path.c_str());
    }
}

Spool::~Spool() {
    if (fd_ >= 0) ::close(fd_);
}

void Spool::append(std::string_view bytes) {
    while (!bytes.empty()) {
        const ssize_t wrote = ::pwrite(fd_, bytes.data(), bytes.size(), size_);
        if (wrote < 0) {
            if (errno == EINTR) continue;
            throw std::system_error(errno, std::generic_category(),
                                    "cannot write a temporary file");
        }
        size_ += wrote;
        bytes.remove_prefix(static_cast<std::size_t>(wrote));
    }
}

std::size_t Spool::readAt(std::int64_t offset, char* out, std::size_t count) const {
    while (true) {
        const ssize_t got = ::pread(fd_, out, count, offset);
        if (got >= 0) return static_cast<std::size_t>(got);
        if (errno != EINTR) {
            throw std::system_error(errno, std::generic_category(), "cannot read a temporary file");
        }
    }
}

std::istream& Spool::reader() {
    if (!stream_) {
        reading_ = std::make_unique<Reading>(*this);
        stream_ = std::make_unique<std::istream>(reading_.get());
    }
    return *stream_;
}

Spool::Reading::int_type Spool::Reading::underflow() {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    const std::size_t got = spool_.readAt(offset_, buffer_, sizeof buffer_);
    if (got == 0) return traits_type::eof();
    offset_ += static_cast<std::int64_t>(got);
    setg(buffer_, buffer_, buffer_ + got);
    return traits_type::to_int_type(*gptr());
}

}  // namespace lodestone::http
