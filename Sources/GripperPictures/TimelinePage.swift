import Gripper

/// A self-contained HTML page (no external assets): the pictures of a run on
/// a timeline slider, with the transcript beside them; the entries up to
/// the shown picture's time are marked. Pure: returns strings, the whole
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

        /// Creates a timeline frame.
        public init(offset: Int64, caption: String, svg: String) {
            self.offset = offset
            self.caption = caption
            self.svg = svg
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
        out += "<button id=\"next\">&#9654;</button><span id=\"caption\"></span></div>\n"
        out += "<div id=\"main\"><div id=\"stage\">\n"
        return out
    }

    /// One picture of the page, in the order of the run. Its caption on the
    /// page is numbered by the script (`3/17  1.250000 s  …`), so a picture
    /// is written before the count is known.
    public static func frame(_ frame: Frame) -> String {
        var out = "<div class=\"frame\" data-t=\"\(frame.offset)\" data-caption=\""
        out += Escaping.xml("\(FixedDecimal.seconds(microseconds: frame.offset)) s  \(frame.caption)")
        return out + "\">\n" + frame.svg + "</div>\n"
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
          function show(i){
            if(frames.length===0){caption.textContent='no pictures';return;}
            i=Math.max(0,Math.min(frames.length-1,i));slider.value=i;
            for(var k=0;k<frames.length;k++){frames[k].className=k===i?'frame on':'frame';}
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
          document.addEventListener('keydown',function(e){if(e.key==='ArrowLeft'){show(Number(slider.value)-1);}
            if(e.key==='ArrowRight'){show(Number(slider.value)+1);}});
          var start=Number((location.hash||'').replace('#',''));show(isNaN(start)?0:start);
        })();
        """
        out += "\n//]]></script></body></html>\n"
        return out
    }
}
