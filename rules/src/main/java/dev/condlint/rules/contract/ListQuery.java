package dev.condlint.rules.contract;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;

/**
 * A condition list whose contract is asked for: its path in the kind, the group of its object, and what
 * the object shows of it (none when explain asks of a kind): its conditions, what holds a nested list,
 * and the object's profile.
 */
record ListQuery(
    String path, String group, List<JsonNode> conditions, Optional<JsonNode> holder, ProfileKnowledge profile) {}
