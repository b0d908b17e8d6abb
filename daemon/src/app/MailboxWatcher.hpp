#pragma once

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

#include "config/Config.hpp"
#include "domain/Clock.hpp"
#include "storage/Store.hpp"

namespace lodestone::app {

// Reads the campaigns' mailbox (`mailbox:`) every poll_interval over POP3: a reply to one of
// our emails stops its prospect's sequence as replied, a delivery status notification of a
// permanent failure as bounced (docs/outreach.md). Each message is read once: its POP3 UID is
// remembered in the database, and the mailbox is left as it was, for the people who read it.
class MailboxWatcher {
  public:
    MailboxWatcher(const config::MailboxConfig& mailbox, storage::Store& store,
                   const domain::Clock& clock);
    ~MailboxWatcher();
    MailboxWatcher(const MailboxWatcher&) = delete;
    MailboxWatcher& operator=(const MailboxWatcher&) = delete;

    // "user@host:port": the mailbox, in logs and in the memory of messages read.
    const std::string& name() const { return name_; }

    void start();
    // Stops between two polls, or within a poll between two messages (a message being read is
    // read to its end, bounded by the mailbox timeout).
    void stop();

  private:
    void run();
    void pollOnce();

    const config::MailboxConfig mailbox_;
    storage::Store& store_;
    const domain::Clock& clock_;
    const std::string name_;  // "user@host:port": whose messages the memory holds
    std::mutex mutex_;
    std::condition_variable wake_;
    std::atomic<bool> stopping_{false};
    std::thread thread_;
};

}  // namespace lodestone::app
