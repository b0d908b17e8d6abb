#pragma once

#include <string>
#include <vector>

namespace lodestone::config {

// What a reload (SIGHUP) applies without a restart: the plugins (their libraries and settings,
// and which instance each step, the webhooks and the mailer use), logging.level and provision.
// Everything else (the listener, storage, pool sizes, timeouts, outbound rules, ...) is read once
// at start-up.
bool reloadable(const std::string& keyPath);

// The key paths ("server.listen", "jobs.retry_backoff") whose values differ between the config
// in force and a new text of it, leaving out what a reload applies: what only a restart can
// change. A key present in one and absent from the other differs. Both texts must be YAML that
// parsed before (a config that loaded).
std::vector<std::string> restartOnlyChanges(const std::string& runningYaml,
                                            const std::string& nextYaml);

}  // namespace lodestone::config
