#pragma once

#include <Poco/AutoPtr.h>
#include <Poco/Channel.h>
#include <Poco/Message.h>

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "domain/Clock.hpp"

namespace lodestone::app {

// A warning or error logged again word for word (a database that refuses every write, retried
// every 250 ms) is written once per window, not every time: the first goes out at once, the
// repeats within `window` are counted, and the next one after it goes out with a `count` field
// (how many times it happened since it was last written). Counts still pending when the
// channel closes (or the table of lines grows large) are written then. Less severe messages
// pass untouched.
class RepeatFoldingChannel final : public Poco::Channel {
  public:
    RepeatFoldingChannel(Poco::AutoPtr<Poco::Channel> next,
                         std::shared_ptr<const domain::Clock> clock,
                         std::chrono::milliseconds window = std::chrono::seconds(10));

    void log(const Poco::Message& message) override;
    void open() override { next_->open(); }
    void close() override;

  private:
    struct Seen {
        domain::Timestamp since;
        int repeats = 0;  // logged and not written since `since`
        Poco::Message last;
    };
    // Writes the pending counts of lines whose window has passed (all of them with `all`).
    void flushLocked(domain::Timestamp now, bool all);
    void writeCounted(Poco::Message message, int count);

    Poco::AutoPtr<Poco::Channel> next_;
    std::shared_ptr<const domain::Clock> clock_;
    std::chrono::milliseconds window_;
    std::mutex mutex_;
    std::map<std::string, Seen> seen_;
};

}  // namespace lodestone::app
