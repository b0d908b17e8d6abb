#pragma once

#include <string>
#include <string_view>

namespace lodestone::domain {

// The id that ties an HTTP request's log lines together and is returned to the client as
// X-Request-Id. A client's own id is kept when it is 1-128 characters of letters, digits and
// `-_.:@/+=` (what tracing systems send); anything else is replaced by a new random id.
std::string requestIdFrom(std::string_view offered);

// The request the calling thread is handling, for the log lines it writes meanwhile; empty
// outside a request. Thread-local: the one piece of per-request state every module's log lines
// need, which would otherwise have to be passed through every signature down to each log call.
const std::string& currentRequestId();

// Sets currentRequestId() for the scope's life, on this thread.
class RequestIdScope {
  public:
    explicit RequestIdScope(std::string id);
    ~RequestIdScope();
    RequestIdScope(const RequestIdScope&) = delete;
    RequestIdScope& operator=(const RequestIdScope&) = delete;

  private:
    std::string previous_;
};

}  // namespace lodestone::domain
