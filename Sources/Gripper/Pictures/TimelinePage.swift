/// A self-contained HTML page (no external assets): the pictures of a run on
/// a timeline slider, with the transcript beside them; the entries up to
/// the shown picture's time are marked. The page is well-formed XML as well
/// as HTML (empty elements closed with `/>`, the script in a CDATA section),
/// so an XML parser can check it. Pure: returns a string.
public enum TimelinePage {
    /// One picture on the timeline.
    public struct Frame: Sendable {
        /// Microseconds since the start of the input.
        public var offset: Int64
        /// What the picture shows, in a few words (the entry that caused it).
        public var caption: String
        /// The SVG document.
        public var svg: String

        /// Creates a timeline frame.
        public init(offset: Int64, caption: String, svg: String) {
            self.offset = offset
            self.caption = caption
            self.svg = svg
        }
    }

    /// The page for `frames` and `transcript`, titled `title`.
    public static func html(title: String, frames: [Frame], transcript: Transcript) -> String {
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
        out += "<div id=\"controls\"><button id=\"prev\">&#9664;</button><input id=\"slider\" type=\"range\" min=\"0\" max=\"\(max(0, frames.count - 1))\" value=\"0\"/>"
        out += "<button id=\"next\">&#9654;</button><span id=\"caption\"></span></div>\n"
        out += "<div id=\"main\"><div id=\"stage\">\n"
        for (i, frame) in frames.enumerated() {
            out += "<div class=\"frame\" data-t=\"\(frame.offset)\" data-caption=\""
            out += Escaping.xml("\(i + 1)/\(frames.count)  \(FixedDecimal.seconds(microseconds: frame.offset)) s  \(frame.caption)")
            out += "\">\n" + frame.svg + "</div>\n"
        }
        out += "</div>\n<div id=\"log\">"
        for entry in transcript.entries {
            out += "<div data-t=\"\(entry.offset)\">" + Escaping.xml(entry.textLine) + "</div>"
        }
        if transcript.finalSections != nil {
            let last = transcript.text.split(separator: "\n").last.map(String.init) ?? ""
            let end = max(transcript.entries.last?.offset ?? 0, frames.last?.offset ?? 0)
            out += "<div data-t=\"\(end)\">" + Escaping.xml(last) + "</div>"
        }
        out += "</div></div>\n<script>//<![CDATA[\n"
        out += """
        (function(){
          var frames=document.querySelectorAll('.frame'),lines=document.querySelectorAll('#log div');
          var slider=document.getElementById('slider'),caption=document.getElementById('caption');
          function show(i){
            if(frames.length===0){caption.textContent='no pictures';return;}
            i=Math.max(0,Math.min(frames.length-1,i));slider.value=i;
            for(var k=0;k<frames.length;k++){frames[k].className=k===i?'frame on':'frame';}
            var t=Number(frames[i].getAttribute('data-t')),lastPast=null;
            for(var j=0;j<lines.length;j++){var past=Number(lines[j].getAttribute('data-t'))<=t;
              lines[j].className=past?'past':'';if(past){lastPast=lines[j];}}
            if(lastPast){lastPast.className='past now';var log=document.getElementById('log');
              log.scrollTop=Math.max(0,lastPast.offsetTop-log.offsetTop-log.clientHeight/2);}
            caption.textContent=frames[i].getAttribute('data-caption');
          }
          slider.addEventListener('input',function(){show(Number(slider.value));});
          document.getElementById('prev').addEventListener('click',function(){show(Number(slider.value)-1);});
          document.getElementById('next').addEventListener('click',function(){show(Number(slider.value)+1);});
          document.addEventListener('keydown',function(e){if(e.key==='ArrowLeft'){show(Number(slider.value)-1);}
            if(e.key==='ArrowRight'){show(Number(slider.value)+1);}});
          var start=Number((location.hash||'').replace('#',''));show(isNaN(start)?0:start);
        })();
        """
        out += "\n//]]></script></body></html>\n"
        return out
    }
}
