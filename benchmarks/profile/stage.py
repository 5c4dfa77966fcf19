"""Execution samples by stage: each sample goes to the stage of the innermost frame that names one (JDK,
collection and Jackson frames go to their caller: Jackson under ReviewDecoder is decode, under JsonLog logging).
python3 stage.py SAMPLES.txt..., each from `jfr print --events jdk.ExecutionSample --stack-depth 80 X.jfr`.
Caveat: JFR drops the samples it cannot walk (intrinsic crypto stubs, GC): TLS and GC are understated;
scale shares by the CPU per request that cpu.sh measures without JFR."""
import sys,re,collections
def samples(path):
    cur=None
    for line in open(path):
        line=line.rstrip()
        if line.startswith('jdk.ExecutionSample'): cur={'thread':'','frames':[]}
        elif 'sampledThread' in line and cur is not None: cur['thread']=line.split('"')[1]
        elif line.startswith('    ') and cur is not None and 'line:' in line: cur['frames'].append(line.strip())
        elif line=='}' and cur is not None: yield cur; cur=None
# walk from the leaf up; the first frame naming a stage decides (JDK/Jackson/collections frames go to their caller)
ST=[
 ('logging (JsonLog decision line)', r'dev\.condlint\.webhook\.(JsonLog|JulToJsonLog)'),
 ('metrics (WebhookMetrics/Micrometer)', r'dev\.condlint\.webhook\.WebhookMetrics|io\.micrometer'),
 ('answer encoding (AdmissionResponses, writeValueAsBytes)', r'dev\.condlint\.admission\.AdmissionResponses|dev\.condlint\.webhook\.ValidateHandler\.answer'),
 ('review decode (ReviewDecoder, Jackson)', r'dev\.condlint\.admission\.ReviewDecoder'),
 ('contract resolution', r'dev\.condlint\.rules\.(contract|engine\.Contract|api\.ObjectContext\.contract)'),
 ('rules', r'dev\.condlint\.rules\.catalogue'),
 ('engine/model (Engine, ObjectContext, model)', r'dev\.condlint\.(rules|model)\.'),
 ('admission other (Admission, DeadlineDecider)', r'dev\.condlint\.(admission|webhook)\.'),
 ('TLS crypto/record', r'sun\.security|com\.sun\.crypto|javax\.crypto|io\.netty\.handler\.ssl'),
 ('HTTP codec', r'io\.netty\.handler\.codec'),
 ('Vert.x HTTP/web', r'io\.vertx'),
 ('Netty I/O, buffers, event loop', r'io\.netty|sun\.nio'),
]
def stage(fr):
    for f in fr:
        for name,pat in ST:
            if re.search(pat,f): return name
    return 'other JVM'
RULE=re.compile(r'dev\.condlint\.rules\.catalogue\.[\w.]*?\.(\w+)\.')
if __name__ == '__main__':
  for path in sys.argv[1:]:
      ss=list(samples(path)); n=len(ss); c=collections.Counter(); rules=collections.Counter()
      for s in ss:
          st=stage(s['frames']); c[st]+=1
          if st=='rules':
              for f in reversed(s['frames']):
                  m=RULE.search(f)
                  if m: rules[m.group(1)]+=1; break
      print(path,n)
      for k,v in c.most_common(): print(f'  {v:5d} {100*v/n:5.1f}% {k}')
      print('  rules, outermost catalogue class:')
      for k,v in rules.most_common(12): print(f'    {v:5d} {100*v/n:5.1f}% {k}')
