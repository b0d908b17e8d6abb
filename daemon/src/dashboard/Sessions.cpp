#include "dashboard/Sessions.hpp"

#include "domain/Random.hpp"
#include "domain/Secrets.hpp"
#include "storage/OperatorRepository.hpp"
#include "storage/OperatorSessionRepository.hpp"

namespace lodestone::dashboard {
namespace {

constexpr std::size_t kTokenLength = 43;  // about 222 bits
constexpr std::size_t kCsrfLength = 32;
// The last-seen time is written at most this often: not a write for every page.
constexpr domain::Timestamp kTouchEveryMs = 60'000;

}  // namespace

std::string Sessions::begin(const domain::Operator& op, domain::Timestamp now) {
    std::string token = domain::randomAlphanumeric(kTokenLength);
    domain::OperatorSession session{
        domain::sha256Hex(token), op.id, domain::randomAlphanumeric(kCsrfLength), now, now,
        now + limits_.longestMs};
    store_.write([&](storage::Repositories& repositories) {
        repositories.operatorSessions().removeExpired(now);
        repositories.operatorSessions().insert(session);
    });
    return token;
}

std::optional<SignedIn> Sessions::current(const std::string& token, domain::Timestamp now) {
    if (token.size() != kTokenLength) return std::nullopt;
    const auto tokenHash = domain::sha256Hex(token);
    auto found = store_.read([&](storage::Repositories& repositories) -> std::optional<SignedIn> {
        auto session = repositories.operatorSessions().find(tokenHash);
        if (!session) return std::nullopt;
        auto op = repositories.operators().find(session->operatorId);
        if (!op) return std::nullopt;
        return SignedIn{*op, *session};
    });
    if (!found) return std::nullopt;
    const auto& session = found->session;
    if (found->op.disabledAt || now >= session.expiresAt ||
        now - session.lastSeenAt >= limits_.idleMs) {
        end(token);
        return std::nullopt;
    }
    if (now - session.lastSeenAt >= kTouchEveryMs) {
        store_.write([&](storage::Repositories& repositories) {
            repositories.operatorSessions().touch(tokenHash, now);
        });
    }
    return found;
}

void Sessions::end(const std::string& token) {
    store_.write([&](storage::Repositories& repositories) {
        repositories.operatorSessions().remove(domain::sha256Hex(token));
    });
}

}  // namespace lodestone::dashboard
