#pragma once

#include <Poco/Formatter.h>

#include "config/Config.hpp"

namespace lodestone::app {

// One line per log message, as fields: `ts=… level=info logger=lodestone.http msg="…"` (values
// quoted when they hold spaces, quotes or `=`), or the same as one JSON object. A message's
// structured parameters (the access log's method, path, status, …) follow as fields of their
// own, then the id of the request being handled (domain/RequestId) as request_id. With
// `journalPriorities` each line starts with `<N>`, the syslog priority journald reads from it.
class LogLineFormatter final : public Poco::Formatter {
  public:
    LogLineFormatter(config::LoggingConfig::Format format, bool journalPriorities)
        : format_(format), journalPriorities_(journalPriorities) {}

    void format(const Poco::Message& message, std::string& text) override;

  private:
    config::LoggingConfig::Format format_;
    bool journalPriorities_;
};

// Whether standard error is the journal's stream ($JOURNAL_STREAM names its device and inode):
// then the journal reads a priority from each line and timestamps it itself.
bool stderrIsJournal();

}  // namespace lodestone::app
