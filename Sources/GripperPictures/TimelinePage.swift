import Gripper

/// A self-contained HTML page (no external assets): the pictures of a run on
/// a timeline slider, with the transcript beside them; the entries up to
/// the shown picture's time are marked. Stepping forward one picture
/// animates into it with the engine's transitions (``Frame/transitions``):
/// each element that moved slides from its frame before to its frame after,
/// and what appeared fades in, on the transition's duration and curve; a
/// play button steps through the run. Pure: returns strings, the whole
/// page or its parts in order for a caller that writes it as the run goes.
public enum TimelinePage {
    /// One picture on the timeline.
    public struct Frame: Sendable {
        /// Microseconds since the start of the input.
        public var offset: Int64
        /// What the picture shows, in a few words (the entry that caused it).
        public var caption: String
        /// The SVG document.
        public var svg: String
        /// The transitions from the previous picture to this one (empty when
        /// the engine made none): the page animates into the picture with them.
        public var transitions: [EngineTransition]

        /// Creates a timeline frame.
        public init(offset: Int64, caption: String, svg: String, transitions: [EngineTransition] = []) {
            self.offset = offset
            self.caption = caption
            self.svg = svg
            self.transitions = transitions
        }
    }

    /// The page for `frames` and `transcript`, titled `title`: ``head(title:)``,
    /// each frame's ``frame(_:)``, then ``tail(transcript:lastFrameOffset:)``.
    /// - Complexity: O(size of the page); a caller that writes a long run's
    ///   page calls the three parts itself and keeps no picture.
    public static func html(title: String, frames: [Frame], transcript: Transcript) -> String {
        var out = head(title: title)
        for frame in frames { out += self.frame(frame) }
        return out + tail(transcript: transcript, lastFrameOffset: frames.last?.offset)
    }

    /// The page up to its first picture: the title, the style, the controls.
    /// The page is well-formed XML as well as HTML (empty elements closed
    /// with `/>`, the script in a CDATA section), so an XML parser can check it.
    public static func head(title: String) -> String {
        var out = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/>\n"
        out += "<title>" + Escaping.xml(title) + "</title>\n<style>\n"
        out += """
        body{font-family:DejaVu Sans,Helvetica,Arial,sans-serif;margin:16px;background:#fafafa;color:#212121}
        h1{font-size:18px;margin:0 0 8px}
        #main{display:flex;gap:16px;align-items:flex-start}
        #stage{flex:none}
        .frame{display:none}.frame.on{display:block}
        #controls{margin:8px 0;display:flex;gap:8px;align-items:center}
        #slider{width:360px}
        #caption{font-size:13px;color:#455a64}
        #log{font-family:DejaVu Sans Mono,monospace;font-size:12px;white-space:pre;overflow:auto;max-height:720px;
             border:1px solid #cfd8dc;background:#fff;padding:6px;flex:1;min-width:320px}
        #log div{color:#b0bec5}#log div.past{color:#263238}#log div.now{background:#fff59d}
        """
        out += "\n</style></head><body>\n<h1>" + Escaping.xml(title) + "</h1>\n"
        out += "<div id=\"controls\"><button id=\"prev\">&#9664;</button><input id=\"slider\" type=\"range\" min=\"0\" max=\"0\" value=\"0\"/>"
        out += "<button id=\"next\">&#9654;</button><button id=\"play\">play</button><span id=\"caption\"></span></div>\n"
        out += "<div id=\"main\"><div id=\"stage\">\n"
        return out
    }

    /// One picture of the page, in the order of the run. Its caption on the
    /// page is numbered by the script (`3/17  1.250000 s  …`), so a picture
    /// is written before the count is known.
    public static func frame(_ frame: Frame) -> String {
        var out = "<div class=\"frame\" data-t=\"\(frame.offset)\" data-caption=\""
        out += Escaping.xml("\(FixedDecimal.seconds(microseconds: frame.offset)) s  \(frame.caption)")
        if let animation = animation(frame.transitions) { out += "\" data-anim=\"" + animation }
        return out + "\">\n" + frame.svg + "</div>\n"
    }

    /// `transitions` as the page's script reads them, or nil when nothing
    /// moves or fades: `;` between transitions, each `MILLISECONDS CURVE:`
    /// then `,` between its changes, each ten numbers — the frame (x, y,
    /// width, height in content points) and alpha before, then after. What
    /// disappears is not in the next picture and is left out, and so are
    /// decorations (separators, backgrounds: matched by row, they would
    /// sweep across the cells); whatever is drawn inside a moving element's
    /// frame moves with it.
    /// - Complexity: O(elements changed), which is bounded by the viewport.
    static func animation(_ transitions: [EngineTransition]) -> String? {
        var parts: [String] = []
        for transition in transitions {
            let changes = (transition.layout.moving + transition.layout.appearing).filter {
                !$0.final.kind.isDecoration && ($0.initial.frame != $0.final.frame || $0.initial.alpha != $0.final.alpha)
            }
            guard !changes.isEmpty else { continue }
            let ms = transition.duration.components.seconds * 1000
                + transition.duration.components.attoseconds / 1_000_000_000_000_000
            let numbers = changes.map { change in
                [change.initial, change.final].map { a in
                    [a.frame.minX, a.frame.minY, a.frame.size.width, a.frame.size.height, a.alpha]
                        .map(compact).joined(separator: " ")
                }.joined(separator: " ")
            }
            parts.append("\(ms) \(transition.curve.rawValue):" + numbers.joined(separator: ","))
        }
        return parts.isEmpty ? nil : parts.joined(separator: ";")
    }

    /// `value` to two decimals without trailing zeros (`144`, `287.5`).
    private static func compact(_ value: Double) -> String {
        var text = FixedDecimal.string(value, places: 2)
        while text.hasSuffix("0"), text.contains(".") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// The rest of the page after the last picture: the transcript (the
    /// final line at the end of the run: `lastFrameOffset` or the last
    /// entry's time, whichever is later) and the script.
    public static func tail(transcript: Transcript, lastFrameOffset: Int64?) -> String {
        var out = "</div>\n<div id=\"log\">"
        for entry in transcript.entries {
            out += "<div data-t=\"\(entry.offset)\">" + Escaping.xml(entry.textLine) + "</div>"
        }
        if let last = transcript.finalTextLine {
            let end = max(transcript.entries.last?.offset ?? 0, lastFrameOffset ?? 0)
            out += "<div data-t=\"\(end)\">" + Escaping.xml(last) + "</div>"
        }
        out += "</div></div>\n<script>//<![CDATA[\n"
        out += """
        (function(){
          var frames=document.querySelectorAll('.frame'),lines=document.querySelectorAll('#log div');
          var slider=document.getElementById('slider'),caption=document.getElementById('caption');
          slider.max=String(Math.max(0,frames.length-1));
          var shown=-1,running=[],ticking=false,playing=null,fallback=null;
          var still=window.matchMedia&&window.matchMedia('(prefers-reduced-motion: reduce)').matches;
          function curve(name,t){t=Math.max(0,Math.min(1,t));if(name==='linear'){return t;}
            if(name==='easeIn'){return t*t*t;}if(name==='easeOut'){var u=1-t;return 1-u*u*u;}return t*t*(3-2*t);}
          function place(a,p){var c=a.c,dx=(c[0]-c[5])*(1-p),dy=(c[1]-c[6])*(1-p);
            for(var k=0;k<a.els.length;k++){var el=a.els[k];
              if(p>=1){el.removeAttribute('transform');el.style.opacity='';continue;}
              el.setAttribute('transform','translate('+dx+' '+dy+')');
              if(c[4]!==c[9]){el.style.opacity=String(c[4]+(c[9]-c[4])*p);}}}
          function stop(){for(var k=0;k<running.length;k++){place(running[k],1);}running=[];
            if(fallback!==null){clearTimeout(fallback);fallback=null;}}
          function tick(now){
            ticking=false;var left=[];
            for(var k=0;k<running.length;k++){var a=running[k];if(a.start===null){a.start=now;}
              var f=a.ms>0?(now-a.start)/a.ms:1;place(a,f>=1?1:curve(a.curve,f));if(f<1){left.push(a);}}
            running=left;if(running.length){ticking=true;requestAnimationFrame(tick);}}
          function animate(frame){
            var spec=frame.getAttribute('data-anim'),content=frame.querySelector('svg > g > g');
            if(!spec||!content||still){return;}
            var kids=[],centres=[];
            for(var k=0;k<content.children.length;k++){var el=content.children[k],cls=el.getAttribute('class')||'';
              if(cls.indexOf('proxy')>=0||cls.indexOf('ghost')>=0){continue;}
              var b;try{b=el.getBBox();}catch(e){continue;}kids.push(el);centres.push([b.x+b.width/2,b.y+b.height/2]);}
            var taken=[];
            spec.split(';').forEach(function(part){
              var colon=part.indexOf(':'),head=part.slice(0,colon).split(' ');
              part.slice(colon+1).split(',').forEach(function(text){
                var c=text.split(' ').map(Number),els=[];if(c.length!==10){return;}
                for(var k=0;k<kids.length;k++){var p=centres[k];
                  if(!taken[k]&&p[0]>=c[5]&&p[0]<=c[5]+c[7]&&p[1]>=c[6]&&p[1]<=c[6]+c[8]){taken[k]=true;els.push(kids[k]);}}
                if(els.length){var a={els:els,c:c,ms:Number(head[0]),curve:head[1],start:null};place(a,0);running.push(a);}
              });
            });
            if(!running.length){return;}
            if(!ticking){ticking=true;requestAnimationFrame(tick);}
            // Ends exactly at the picture even where frames are not drawn (a hidden tab).
            var longest=0;for(var k=0;k<running.length;k++){longest=Math.max(longest,running[k].ms);}
            fallback=setTimeout(stop,longest+100);
          }
          function show(i){
            if(frames.length===0){caption.textContent='no pictures';return;}
            i=Math.max(0,Math.min(frames.length-1,i));slider.value=i;
            stop();
            for(var k=0;k<frames.length;k++){frames[k].className=k===i?'frame on':'frame';}
            if(i===shown+1){animate(frames[i]);}
            shown=i;
            var t=Number(frames[i].getAttribute('data-t')),lastPast=null;
            for(var j=0;j<lines.length;j++){var past=Number(lines[j].getAttribute('data-t'))<=t;
              lines[j].className=past?'past':'';if(past){lastPast=lines[j];}}
            if(lastPast){lastPast.className='past now';var log=document.getElementById('log');
              log.scrollTop=Math.max(0,lastPast.offsetTop-log.offsetTop-log.clientHeight/2);}
            caption.textContent=(i+1)+'/'+frames.length+'  '+frames[i].getAttribute('data-caption');
          }
          slider.addEventListener('input',function(){show(Number(slider.value));});
          document.getElementById('prev').addEventListener('click',function(){show(Number(slider.value)-1);});
          document.getElementById('next').addEventListener('click',function(){show(Number(slider.value)+1);});
          var play=document.getElementById('play');
          function pause(){if(playing!==null){clearInterval(playing);playing=null;}play.textContent='play';}
          play.addEventListener('click',function(){
            if(playing!==null){pause();return;}
            if(Number(slider.value)>=frames.length-1){show(0);}
            play.textContent='pause';
            playing=setInterval(function(){if(Number(slider.value)>=frames.length-1){pause();return;}
              show(Number(slider.value)+1);},600);
          });
          document.addEventListener('keydown',function(e){if(e.key==='ArrowLeft'){show(Number(slider.value)-1);}
            if(e.key==='ArrowRight'){show(Number(slider.value)+1);}});
          var start=Number((location.hash||'').replace('#',''));show(isNaN(start)?0:start);
        })();
        """
        out += "\n//]]></script></body></html>\n"
        return out
    }
}
