// Reports every condition whose type an earlier condition of the same list already has.
module.exports = function uniqueConditionTypes(conditions) {
  if (!Array.isArray(conditions)) {
    return [];
  }
  const seen = new Set();
  const results = [];
  conditions.forEach((condition, i) => {
    const type = condition && condition.type;
    if (typeof type !== 'string') {
      return;
    }
    if (seen.has(type)) {
      results.push({ message: `duplicate condition type "${type}"`, path: [i, 'type'] });
    }
    seen.add(type);
  });
  return results;
};
