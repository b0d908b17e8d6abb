#include "app/MailboxWatcher.hpp"

#include <Poco/Logger.h>
#include <pthread.h>

#include "domain/Time.hpp"
#include "outreach/InboundReports.hpp"
#include "outreach/mailbox/MailboxFinding.hpp"
#include "outreach/mailbox/Pop3Mailbox.hpp"
#include "storage/MailboxMemoryRepository.hpp"

namespace lodestone::app {
namespace {

// Thrown from within a poll to end it when lodestoned stops.
struct Stopping {};

Poco::Logger& log() {
    return Poco::Logger::get("lodestone.mailbox");
}

outreach::MailboxSettings settingsOf(const config::MailboxConfig& mailbox) {
    outreach::MailboxSettings settings;
    settings.host = mailbox.host;
    settings.port = mailbox.port;
    settings.tls = mailbox.tls == "implicit"   ? outreach::MailboxSettings::Tls::Implicit
                   : mailbox.tls == "starttls" ? outreach::MailboxSettings::Tls::StartTls
                                               : outreach::MailboxSettings::Tls::None;
    settings.username = mailbox.username;
    settings.password = mailbox.password;
    settings.timeout = mailbox.timeout;
    if (mailbox.caFile) settings.caFile = mailbox.caFile->string();
    return settings;
}

// What a finding means for outreach; none for messages that stop nothing (an out-of-office, a
// delayed-delivery notice, anything else).
std::optional<outreach::InboundReport> reportOf(const outreach::MailboxFinding& finding) {
    using Kind = outreach::MailboxFinding::Kind;
    if (finding.kind != Kind::Reply && finding.kind != Kind::Bounce) return std::nullopt;
    outreach::InboundReport report;
    report.kind = finding.kind == Kind::Reply ? outreach::InboundReport::Kind::Reply
                                              : outreach::InboundReport::Kind::Bounce;
    report.messageIds = finding.messageIds;
    report.summary = finding.summary;
    return report;
}

}  // namespace

MailboxWatcher::MailboxWatcher(const config::MailboxConfig& mailbox, storage::Store& store,
                               const domain::Clock& clock)
    : mailbox_(mailbox),
      store_(store),
      clock_(clock),
      name_(mailbox.username + "@" + mailbox.host + ":" + std::to_string(mailbox.port)) {}

MailboxWatcher::~MailboxWatcher() {
    stop();
}

void MailboxWatcher::start() {
    thread_ = std::thread([this] {
        pthread_setname_np(pthread_self(), "lodestone-mbox");
        run();
    });
    log().information("reading replies and bounces from %s every %d s", name_,
                      static_cast<int>(mailbox_.pollInterval.count() / 1000));
}

void MailboxWatcher::stop() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
}

void MailboxWatcher::run() {
    std::unique_lock lock(mutex_);
    while (!stopping_) {
        lock.unlock();
        pollOnce();
        lock.lock();
        clock_.waitUntil(lock, wake_, clock_.now() + mailbox_.pollInterval.count(),
                         [this] { return stopping_.load(); });
    }
}

void MailboxWatcher::pollOnce() {
    try {
        outreach::Pop3Mailbox mailbox(settingsOf(mailbox_));
        mailbox.poll(
            [&](const std::string& uid) {
                // Asked before each message: a stop ends the session between two messages.
                if (stopping_) throw Stopping();
                return store_.read([&](storage::Repositories& repositories) {
                    return repositories.mailboxMemory().seen(name_, uid);
                });
            },
            [&](const std::string& uid, const outreach::MailboxFinding& finding) {
                const auto now = clock_.now();
                auto outcome = store_.write([&](storage::Repositories& repositories) {
                    std::string outcome =
                        std::string("ignored: ") + outreach::kindName(finding.kind);
                    if (auto report = reportOf(finding)) {
                        outcome = outreach::applyInboundReport(repositories, *report, now);
                    }
                    repositories.mailboxMemory().remember(name_, uid, outcome, now);
                    return outcome;
                });
                log().information("message %s in %s: %s (%s)", uid, name_, outcome,
                                  finding.summary);
            },
            [&](const std::string& uid, const std::string& problem) {
                // Not read: too large, or gone. Remembered, so it is not fetched at every poll.
                log().warning("message %s in %s skipped: %s", uid, name_, problem);
                if (uid.empty()) return;
                store_.write([&](storage::Repositories& repositories) {
                    repositories.mailboxMemory().remember(name_, uid, "skipped: " + problem,
                                                          clock_.now());
                });
            });
    } catch (const Stopping&) {
        // What was handled is remembered; the rest waits for the next start.
    } catch (const std::exception& e) {
        // The next poll tries again; nothing was remembered for messages not handled.
        log().warning("reading %s failed: %s; trying again in %d s", name_, std::string(e.what()),
                      static_cast<int>(mailbox_.pollInterval.count() / 1000));
    }
}

}  // namespace lodestone::app
