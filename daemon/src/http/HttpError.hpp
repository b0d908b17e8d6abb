#pragma once

#include <stdexcept>
#include <string>

namespace lodestone::http {

// A request the front refuses before any handler sees it: the status to answer with and a message
// for the JSON error body. The connection is always closed after such an answer, since the bytes
// that follow cannot be trusted to start a new request.
class HttpError : public std::runtime_error {
  public:
    HttpError(int status, const std::string& message)
        : std::runtime_error(message), status_(status) {}
    int status() const { return status_; }

  private:
    int status_;
};

}  // namespace lodestone::http
