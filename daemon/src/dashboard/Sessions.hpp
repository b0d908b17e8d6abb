#pragma once

#include <optional>
#include <string>

#include "domain/Operators.hpp"
#include "storage/Store.hpp"

namespace lodestone::dashboard {

// How long a session lasts: it ends after `idle` without a request, and after `longest` in any
// case (docs/dashboard.md).
struct SessionLimits {
    domain::Timestamp idleMs = 8LL * 60 * 60 * 1000;
    domain::Timestamp longestMs = 7LL * 24 * 60 * 60 * 1000;
};

// A request's operator and the session it came with.
struct SignedIn {
    domain::Operator op;
    domain::OperatorSession session;
};

// Server-side sessions: the browser holds a random token in a cookie; the database holds its
// SHA-256, so a copy of the database signs nobody in. A session is made only by signing in, with
// a fresh token every time (a token planted before sign-in is never promoted).
class Sessions {
  public:
    Sessions(storage::Store& store, SessionLimits limits) : store_(store), limits_(limits) {}

    // A new session for `op`; the cookie's token.
    std::string begin(const domain::Operator& op, domain::Timestamp now);
    // The session a cookie's token names, while it lasts and its operator is enabled.
    std::optional<SignedIn> current(const std::string& token, domain::Timestamp now);
    void end(const std::string& token);

  private:
    storage::Store& store_;
    SessionLimits limits_;
};

}  // namespace lodestone::dashboard
